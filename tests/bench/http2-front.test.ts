import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http2Front, type Front } from '../../bench/serve'

// The bench's HTTP/2 front (bench/serve.ts): Lighthouse must see HTTP/2, as production serves
// it, and the page must get what the preview server answered, cookies and all.

let target: Server
let front: Front
let session: ClientHttp2Session

beforeAll(async () => {
  target = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      response.setHeader('Set-Cookie', ['session=abc; HttpOnly', 'theme=dark'])
      response.setHeader('Connection', 'keep-alive')
      response.setHeader('Content-Type', 'application/json')
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          host: request.headers.host,
          cookie: request.headers.cookie,
          body,
        }),
      )
    })
  })
  target.listen(0, '127.0.0.1')
  await once(target, 'listening')
  const { port } = target.address() as AddressInfo
  front = await http2Front(`http://127.0.0.1:${port}`)
  session = connect(front.url, { rejectUnauthorized: false })
  await once(session, 'connect')
})

afterAll(async () => {
  session?.close()
  await front?.close()
  target?.close()
})

function ask(path: string, method = 'GET', body?: string) {
  return new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const stream = session.request({ ':path': path, ':method': method, cookie: 'player=1' })
    let headers: IncomingHttpHeaders = {}
    let text = ''
    stream.on('response', (answer) => (headers = answer))
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
    stream.on('end', () => resolve({ headers, body: text }))
    stream.on('error', reject)
    stream.end(body)
  })
}

describe("the bench's HTTP/2 front", () => {
  it('speaks HTTP/2 over TLS', () => {
    expect(session.alpnProtocol).toBe('h2')
    expect(front.url).toMatch(/^https:\/\/localhost:\d+$/)
  })

  it("forwards the request, its cookies and body, and answers with the server's answer", async () => {
    const get = await ask('/api/v2/agency/info?x=1')
    expect(get.headers[':status']).toBe(200)
    expect(get.headers['set-cookie']).toEqual(['session=abc; HttpOnly', 'theme=dark'])
    expect(get.headers['content-type']).toBe('application/json')
    // Hop-by-hop headers describe the hop to the preview server; HTTP/2 forbids them.
    expect(get.headers.connection).toBeUndefined()
    expect(JSON.parse(get.body)).toMatchObject({
      method: 'GET',
      url: '/api/v2/agency/info?x=1',
      cookie: 'player=1',
    })
    const post = await ask('/api/v2/players/login', 'POST', '{"username":"a"}')
    expect(JSON.parse(post.body)).toMatchObject({ method: 'POST', body: '{"username":"a"}' })
  })
})
