/**
 * Whether `value` is an integer multiple of `divisor`, each taken as the decimal JSON writes
 * for it (its shortest round-trip form): `isDecimalMultiple(19.99, 0.01)` is true, where
 * `19.99 / 0.01` in floating point is 1998.9999999999998. JSON Schema's `multipleOf` is on the
 * mathematical value of the JSON number, and a tool's author writes `@multipleOf 0.01` for
 * cents. Exact, through BigInt: no tolerance lets `1.0000000001` pass as whole cents.
 *
 * Self-contained on purpose: its source is copied into the standalone validators that
 * `portico build` writes (see `addExactMultipleOf`).
 */
export function isDecimalMultiple(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor === 0) return false
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return value % divisor === 0
  // Each as digits × 10^exponent, from the shortest decimal that reads back as the same double.
  // A loop, not a helper function: a bundler's `keepNames` would wrap one in a module helper.
  const decimals: [bigint, number][] = []
  for (const n of [value, divisor]) {
    const [mantissa = '0', exponent = '0'] = String(Math.abs(n)).split('e')
    const [whole = '0', fraction = ''] = mantissa.split('.')
    decimals.push([BigInt(whole + fraction), Number(exponent) - fraction.length])
  }
  const [[digits, exponent], [step, stepExponent]] = decimals as [
    [bigint, number],
    [bigint, number],
  ]
  const common = Math.min(exponent, stepExponent)
  const scaled = digits * 10n ** BigInt(exponent - common)
  const scaledStep = step * 10n ** BigInt(stepExponent - common)
  return scaled % scaledStep === 0n
}
