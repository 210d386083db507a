// Secrets never reach a report: password fields, cookies, tokens, authorization headers and
// one-time URLs' query tokens are replaced by `***` in every request, response, curl line and
// HAR entry. Known secret values (the test account's password, every cookie value the run
// received) are also replaced wherever they appear, e.g. echoed in an error message.
export const MASK = '***'

/** Keys (JSON properties, headers, query parameters) whose value is a secret. */
const SECRET_KEY =
  /pass(word|wd|phrase)?$|password|secret|token|otp$|^pin$|authorization|cookie|^sid$|session|api[-_]?key|signature|^sig$/i

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

export class Redactor {
  private readonly values = new Set<string>()

  /** Remembers a secret value (at least 4 characters: shorter ones would mask noise). */
  add(value: string | undefined | null) {
    if (value && value.length >= 4 && value !== MASK) this.values.add(value)
  }

  text(input: string): string {
    let out = input
    // Longest first, so a value containing another is masked whole.
    for (const v of [...this.values].sort((a, b) => b.length - a.length)) {
      out = out.split(v).join(MASK)
    }
    return out.replace(/([?&;]\s*)([^=&#\s"']+)=([^&#\s"']*)/g, (whole, lead: string, k: string) =>
      isSecretKey(decodeURIComponentSafe(k)) ? `${lead}${k}=${MASK}` : whole,
    )
  }

  /** A URL (path and query, or absolute): secret query parameters masked. */
  url(input: string): string {
    return this.text(input)
  }

  json(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.json(v))
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          isSecretKey(k) && v !== null && typeof v !== 'object' ? MASK : this.json(v),
        ]),
      )
    }
    return typeof value === 'string' ? this.text(value) : value
  }

  /** A body as text: JSON is masked by key, anything else by known values. */
  body(text: string | undefined): string | undefined {
    if (text === undefined || text === '') return text
    try {
      return JSON.stringify(this.json(JSON.parse(text)))
    } catch {
      return this.text(text)
    }
  }

  cookieHeader(value: string): string {
    return value
      .split(';')
      .map((pair) => {
        const eq = pair.indexOf('=')
        return eq < 0 ? pair.trim() : `${pair.slice(0, eq).trim()}=${MASK}`
      })
      .join('; ')
  }

  setCookieHeader(value: string): string {
    const [pair = '', ...attrs] = value.split(';')
    const eq = pair.indexOf('=')
    const name = eq < 0 ? pair.trim() : pair.slice(0, eq).trim()
    const v = eq < 0 ? '' : pair.slice(eq + 1).trim()
    return [`${name}=${v === '' ? '' : MASK}`, ...attrs.map((a) => a.trim())].join('; ')
  }

  header(name: string, value: string): string {
    const key = name.toLowerCase()
    if (key === 'cookie') return this.cookieHeader(value)
    if (key === 'set-cookie') return this.setCookieHeader(value)
    if (isSecretKey(key)) return MASK
    return this.text(value)
  }

  headers(entries: Iterable<[string, string]>): [string, string][] {
    return [...entries].map(([k, v]) => [k, this.header(k, v)])
  }
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** A curl line that replays the call against the target, secrets already masked. */
export function curlLine(request: {
  method: string
  url: string
  headers: [string, string][]
  body?: string
}): string {
  const parts = ['curl', '-i']
  if (request.method !== 'GET' || request.body) parts.push('-X', request.method)
  parts.push(shellQuote(request.url))
  for (const [k, v] of request.headers) parts.push('-H', shellQuote(`${k}: ${v}`))
  if (request.body) parts.push('--data-raw', shellQuote(request.body))
  return parts.join(' ')
}
