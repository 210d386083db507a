// The layer's own endpoints under /__mock (a prefix the contract does not use): the scenarios,
// the calling session, a reset, a move of the session's clock, every operation with its
// example names, and the chaos settings in force. Each call is logged like an API call.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { scenarioOf, type Layer } from './answer'
import { statusOf } from './choose'
import { cookieValue, problem, sendJson } from './http'
import { scenarios } from './scenarios'

export const MOCK_PREFIX = '/__mock'

export function isControl(url: URL) {
  return url.pathname === MOCK_PREFIX || url.pathname.startsWith(`${MOCK_PREFIX}/`)
}

/** GET /__mock/operations: what a `Prefer` or `?mock=` can name, per operation. */
function operationsList(layer: Layer) {
  return layer.contract.all().map((op) => ({
    id: op.id,
    method: op.method.toUpperCase(),
    path: op.path,
    examples: [...op.examples.entries()].flatMap(([status, named]) =>
      [...named.keys()]
        // An example documented under two statuses is named by the one the layer picks.
        .filter((name) => statusOf(op, name) === status)
        .map((name) => ({ name, status })),
    ),
  }))
}

export function answerControl(layer: Layer, req: IncomingMessage, res: ServerResponse, url: URL) {
  const sid = cookieValue(req.headers.cookie, layer.contract.sessionCookie) || undefined
  const route = `${req.method} ${url.pathname.slice(MOCK_PREFIX.length)}`
  const answer = (status: number, body?: unknown) => {
    if (body === undefined) res.writeHead(status).end()
    else sendJson(res, status, body)
    layer.log(`${req.method} ${url.pathname}${url.search} -> ${status} (mock control)`)
  }
  switch (route) {
    case 'GET /scenarios':
      return answer(200, {
        default: layer.defaultScenario,
        scenarios: Object.entries(scenarios).map(([name, s]) => ({
          name,
          description: s.description,
        })),
      })
    case 'GET /session': {
      const scenario = scenarioOf(layer, req)
      return answer(200, {
        sid: sid ?? null,
        scenario,
        loggedOut: sid ? layer.sessions.isEnded(sid) : false,
        changed: sid ? layer.sessions.changed(sid, scenario) : {},
        memory: sid ? layer.sessions.memory(sid, layer.now()) : null,
      })
    }
    case 'GET /operations':
      return answer(200, { operations: operationsList(layer) })
    case 'GET /settings':
      return answer(200, layer.chaos.settings)
    case 'POST /reset':
      if (url.searchParams.has('all')) layer.sessions.reset(undefined, layer.now())
      else if (sid) layer.sessions.reset(sid, layer.now())
      return answer(204)
    case 'POST /advance': {
      const raw = url.searchParams.get('ms') ?? ''
      const ms = Number(raw)
      if (!sid || !/^\d+$/.test(raw) || !Number.isSafeInteger(ms)) {
        problem(
          res,
          400,
          'Bad mock clock move',
          'POST /__mock/advance?ms=<whole ms>, with a session cookie',
        )
        return layer.log(`${route} -> 400 (mock control)`)
      }
      layer.sessions.advance(sid, ms, layer.now())
      return answer(200, { now: new Date(layer.sessions.nowOf(sid, layer.now())).toISOString() })
    }
  }
  problem(res, 404, 'Unknown mock endpoint', `${route}: try GET ${MOCK_PREFIX}/scenarios`)
  layer.log(`${route} -> 404 (mock control)`)
}
