/** Arithmetic. */
export class Calc {
  /** Add two numbers. */
  async add(input: { a: number; b: number }): Promise<{ sum: number }> {
    return { sum: input.a + input.b }
  }
}
