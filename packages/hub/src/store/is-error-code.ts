/** Whether `error` is a Node system error with this `code` (`ENOENT`, `EEXIST`, …). */
export function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code
}
