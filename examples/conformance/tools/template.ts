/** Resources computed from their URI. */
export class template {
  /**
   * A resource template with parameter substitution
   * @title Resource Template
   * @resource test://template/{id}/data
   * @mimeType application/json
   */
  async data(input: {
    /** The id in the URI. */
    id: string
  }): Promise<{ id: string; templateTest: boolean; data: string }> {
    return { id: input.id, templateTest: true, data: `Data for ID: ${input.id}` }
  }
}
