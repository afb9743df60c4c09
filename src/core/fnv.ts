/** 32-bit FNV-1a: its offset basis and prime, and a text's hash (one UTF-16 unit a step), unsigned. */
export const FNV_BASIS = 2166136261
export const FNV_PRIME = 16777619

export function fnv1a(text: string): number {
  let h = FNV_BASIS
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME)
  return h >>> 0
}
