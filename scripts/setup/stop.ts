/**
 * A step that cannot go on: what is missing, and the one page where the operator puts it right. The run stops
 * there; run again, it looks at every step afresh and continues from this one (each step looks before it acts).
 */
export class Stop extends Error {
  readonly page: string;
  constructor(message: string, page: string) {
    super(message);
    this.page = page;
  }
}
