/**
 * Cloudflare's API as the set-up calls it: CLOUDFLARE_API_BASE_URL (a test's stand-in) or api.cloudflare.com,
 * with the one token. An answer that is not `success` throws CloudflareError with Cloudflare's first error code.
 */
export class CloudflareError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Cloudflare's codes for a token that may not do what it asked. */
export const isDenied = (error: unknown) => error instanceof CloudflareError && (error.code === 10000 || error.code === 9109);

export class CloudflareApi {
  readonly base: string;
  readonly account: string;
  readonly #token: string;

  constructor(token: string, account: string, base = "https://api.cloudflare.com/client/v4") {
    this.#token = token;
    this.account = account;
    this.base = base.replace(/\/$/, "");
  }

  /** `{account}` in a path is the account's id. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}${path.replace("{account}", this.account)}`, {
      method,
      headers: { Authorization: `Bearer ${this.#token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      success?: boolean;
      result?: T;
      errors?: { code: number; message: string }[];
    };
    if (!response.ok || answer.success === false) {
      const [first] = answer.errors ?? [];
      throw new CloudflareError(
        response.status,
        first?.code ?? 0,
        `${method} ${path}: ${first?.message ?? response.statusText} [code: ${first?.code ?? response.status}]`,
      );
    }
    return answer.result as T;
  }

  get<T>(path: string) {
    return this.call<T>("GET", path);
  }

  post<T>(path: string, body: unknown) {
    return this.call<T>("POST", path, body);
  }

  /** The result, or undefined when Cloudflare answers that it does not exist (404). */
  async find<T>(path: string): Promise<T | undefined> {
    try {
      return await this.get<T>(path);
    } catch (error) {
      if (error instanceof CloudflareError && error.status === 404) return undefined;
      throw error;
    }
  }
}
