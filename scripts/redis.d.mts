export interface StartedRedis {
  url: string
  port: number
  pid: number | undefined
  stop(): Promise<void>
}
export function findRedisServer(): string | null
export function startRedis(options?: { timeoutMs?: number }): Promise<StartedRedis | null>
