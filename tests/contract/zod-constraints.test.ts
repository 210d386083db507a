// @vitest-environment node
// The generated zod schemas carry the contract's constraints: every example the mock serves
// parses, and the rules the product spec states are enforced with the contract's numbers.
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import * as schemas from '../../generated/zod/zod.gen'
import { operations, type OperationId } from '../../generated/api/operations'
import { allOperations, deref, exampleEntriesOf, spec } from './spec'

const zod = schemas as unknown as Record<string, z.ZodMiniType>
/** A schema built on first use (scripts/lazy-schemas.mjs) as the schema it stands for. */
const built = <T extends z.ZodMiniType>(schema: z.ZodMiniLazy<T>): T => schema._zod.innerType
const pascal = (id: string) => id[0]?.toUpperCase() + id.slice(1)
/** DEPOSIT_AMOUNT_TOO_LOW -> DepositAmountTooLowError (INTERNAL_ERROR -> InternalError). */
const errorSchemaName = (code: string) =>
  `${code
    .toLowerCase()
    .split('_')
    .map(pascal)
    .join('')
    .replace(/Error$/, '')}Error`

describe('every example of the contract parses with the generated zod schemas', () => {
  const cases = allOperations().flatMap(({ op }) =>
    Object.keys(op.responses).map((status) => [op.operationId as OperationId, status] as const),
  )

  it.each(cases)('%s %s', (operationId, status) => {
    const entries = exampleEntriesOf(operationId, status)
    // An error example parses with the zod schema of its own code (one per ErrorCode).
    const schemaOf = (value: unknown) =>
      status.startsWith('2')
        ? zod[`z${pascal(operationId)}Response`]
        : zod[`z${errorSchemaName((value as { code: string }).code)}`]
    const schema = schemaOf(entries[0]?.value)
    expect(schema, `no zod schema for ${operationId} ${status}`).toBeDefined()
    // What the mock serves by default is always inside the contract.
    expect(entries[0]?.outsideContract, `${operationId} ${status} first example`).toBe(false)
    for (const { name, value, outsideContract } of entries) {
      const result = schemaOf(value)!.safeParse(value)
      // A deliberately invalid example (decision 005) must really be outside the contract.
      expect(
        result.success,
        `${operationId} ${status} example "${name}": ${result.error?.message}`,
      ).toBe(!outsideContract)
    }
  })

  it('keeps the deliberately invalid examples to the unknown-status ones', () => {
    const outside = allOperations().flatMap(({ op }) =>
      Object.keys(op.responses).flatMap((status) =>
        exampleEntriesOf(op.operationId as OperationId, status)
          .filter((e) => e.outsideContract)
          .map((e) => `${op.operationId} ${status} ${e.name}`),
      ),
    )
    expect(outside.sort()).toEqual([
      'listDeposits 200 unknownStatus',
      'listPromotionUsages 200 unknownStatus',
    ])
  })

  it('covers all operations', () => {
    expect(new Set(cases.map(([id]) => id))).toEqual(new Set(Object.keys(operations)))
  })
})

describe('constraints the product spec states', () => {
  it('username: lowercase English letters, digits, hyphen, underscore, bounded length', () => {
    const { minLength, maxLength } = deref(spec.components.schemas.Username) as {
      minLength: number
      maxLength: number
    }
    expect(schemas.zUsername.safeParse('a'.repeat(minLength)).success).toBe(true)
    expect(schemas.zUsername.safeParse('a'.repeat(minLength - 1)).success).toBe(false)
    expect(schemas.zUsername.safeParse('a'.repeat(maxLength)).success).toBe(true)
    expect(schemas.zUsername.safeParse('a'.repeat(maxLength + 1)).success).toBe(false)
    expect(schemas.zUsername.safeParse('keo_vong-88').success).toBe(true)
    for (const bad of ['Souksavanh', 'keo vong', 'ສຸກສະຫວັນ', 'keo.vong', 'keo@vong']) {
      expect(schemas.zUsername.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('password: at least 8 characters (spec section 5)', () => {
    expect(schemas.zPassword.safeParse('1234567').success).toBe(false)
    expect(schemas.zPassword.safeParse('12345678').success).toBe(true)
    const body = {
      currentPassword: '12345678',
      newPassword: '1234567',
      confirmNewPassword: '1234567',
    }
    expect(schemas.zChangePasswordRequest.safeParse(body).success).toBe(false)
  })

  it('money is a decimal string, never a number or a formatted amount', () => {
    for (const good of ['0', '500000', '150.00', '0.00'])
      expect(schemas.zMoney.safeParse(good).success, good).toBe(true)
    for (const bad of [500000, '1,150.00', '-1', '01', '1.234', '1e6', '', '0.5', '150.0']) {
      expect(schemas.zMoney.safeParse(bad).success, String(bad)).toBe(false)
    }
  })

  it('LAK amounts are whole kip, credit amounts carry exactly 2 decimals', () => {
    expect(schemas.zLakAmount.safeParse('500000').success).toBe(true)
    for (const bad of ['500000.00', '1.5', 500000])
      expect(schemas.zLakAmount.safeParse(bad).success, String(bad)).toBe(false)
    for (const good of ['0.00', '150.00', '1830.50'])
      expect(schemas.zCreditAmount.safeParse(good).success, good).toBe(true)
    for (const bad of ['0', '150', '150.5', '150.005', 150])
      expect(schemas.zCreditAmount.safeParse(bad).success, String(bad)).toBe(false)
  })

  it('"none" is null, not a date-time', () => {
    expect(schemas.zNullableDateTime.safeParse(null).success).toBe(true)
    expect(schemas.zDateTime.safeParse(null).success).toBe(false)
    expect(schemas.zDateTime.safeParse('15/06/2024 13:02:11').success).toBe(false)
  })

  it('enums match the spec', () => {
    expect(built(schemas.zProvider).options).toEqual([
      'alphabet',
      'askmebet',
      'gclub',
      'gclub_live',
    ])
    expect(built(schemas.zCurrency).options).toEqual(['LAK', 'THB', 'USD'])
    expect(built(schemas.zDepositStatus).options).toEqual([
      'OPEN',
      'PAID',
      'SUCCESS',
      'CANCELED',
      'FAILED',
    ])
    expect(built(schemas.zWithdrawStatus).options).toEqual([
      'OPEN',
      'SUCCESS',
      'REJECTED',
      'FAILED',
    ])
    expect(built(schemas.zPromotionUsageStatus).options).toEqual([
      'ACTIVE',
      'INACTIVE',
      'SUCCESS',
      'CANCELED',
      'USED',
    ])
    expect(built(schemas.zBankCode).options).toEqual([
      'bcel',
      'jdb',
      'ldb',
      'indochina',
      'kasikam',
      'lvb',
    ])
  })

  it('bank accounts are LAK only', () => {
    expect(schemas.zBankAccountCurrency.options).toEqual(['LAK'])
  })

  it('closed shapes reject unknown properties', () => {
    const login = { username: 'souksavanh', password: 'correct-horse-8' }
    expect(schemas.zLoginRequest.safeParse(login).success).toBe(true)
    expect(schemas.zLoginRequest.safeParse({ ...login, admin: true }).success).toBe(false)
  })
})
