/** The BullMQ queue self-play uses unless told another (apart from queue.ts, which loads bullmq). */
export const DEFAULT_QUEUE_NAME = 'redzone-selfplay'
