/** Friendly greetings. */
export class Greetings {
  /**
   * Greets someone by name.
   * @title Say hello
   * @readOnly
   */
  async hello(input: {
    /**
     * Who to greet.
     * @minLength 1
     * @example "Ada"
     */
    name: string
  }): Promise<{ message: string }> {
    return { message: `Hello, ${input.name}!` }
  }
}
