// The layer's own check of what it builds (dates moved to now, the request's values echoed,
// long lists, validation errors): every body it changes is validated against the response
// schema of its operation and status before it leaves, with the validator Prism itself uses
// (ajv 8 with ajv-formats, under OpenAPI 3.1's JSON Schema 2020-12).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { Contract, OperationInfo } from './contract'

export type ResponseCheck = (op: OperationInfo, status: number, body: unknown) => string[]

export function responseValidator(contract: Contract): ResponseCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  // A hint for password managers, no rule to check.
  ajv.addFormat('password', true)
  ajv.addSchema(contract.document, 'contract')
  const compiled = new Map<string, ValidateFunction>()
  return (op, status, body) => {
    const pointer = op.schemas.get(status)
    if (!pointer) return [`${op.id} documents no JSON body for ${status}`]
    let validate = compiled.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: `contract${pointer}` })
      compiled.set(pointer, validate)
    }
    if (validate(body)) return []
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
  }
}
