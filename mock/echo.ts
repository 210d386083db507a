// Answers that reflect the request where the contract says they do: the player who logs in
// or registers is the one named in the body (the contract: login "answers the same
// PlayerInfo as getPlayerInfo"), and the bank account added is the one sent (its number
// masked but for the last four digits, as the contract's examples show it) in the add's
// answer, the list and the player info. Built from the example Prism served plus the values
// the session sent; the layer validates the result against the response schema before it
// leaves (mock/validate.ts) and serves Prism's own body when it does not fit.
import type { OperationId } from './contract'
import { mapValues } from './dates'
import type { Memory } from './sessions'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export type Echo = {
  /** What to remember of a successful call (request body, answer body as Prism served it). */
  remember?: (request: unknown, answer: unknown, now: number) => Partial<Memory>
  /** The answer rebuilt with what the session remembers. */
  answer?: (answer: unknown, memory: Memory) => unknown
}

/** Every `username` in the answer is the one the session logged in or registered with. */
const withUsername = (answer: unknown, memory: Memory) =>
  memory.username === undefined
    ? answer
    : mapValues(answer, (value, key) => (key === 'username' ? memory.username : value))

/** The accounts of a non-empty list are the one the session added. */
const withBankAccount = (list: unknown, memory: Memory) =>
  Array.isArray(list) && list.length > 0 && memory.bankAccount ? [memory.bankAccount] : list

const playerInfo = (answer: unknown, memory: Memory) => {
  const named = withUsername(answer, memory)
  return isObject(named)
    ? { ...named, bankAccounts: withBankAccount(named.bankAccounts, memory) }
    : named
}

const rememberUsername = (request: unknown) =>
  isObject(request) && typeof request.username === 'string' ? { username: request.username } : {}

/** The masked number as the examples show it: every digit but the last four a `*`. */
export const maskAccountNumber = (number: string) =>
  '*'.repeat(Math.max(0, number.length - 4)) + number.slice(-4)

export const echoes: Partial<Record<OperationId, Echo>> = {
  loginPlayer: { remember: rememberUsername, answer: playerInfo },
  registerPlayer: { remember: rememberUsername, answer: playerInfo },
  getPlayerInfo: { answer: playerInfo },
  addBankAccount: {
    remember: (request, answer) => {
      if (!isObject(request) || !isObject(answer)) return {}
      const { accountNumber, ...sent } = request
      return {
        bankAccount: {
          ...answer,
          ...sent,
          ...(typeof accountNumber === 'string'
            ? { accountNumberMasked: maskAccountNumber(accountNumber) }
            : {}),
        },
      }
    },
    answer: (answer, memory) => memory.bankAccount ?? answer,
  },
  listBankAccounts: {
    answer: (answer, memory) =>
      isObject(answer)
        ? { ...answer, bankAccounts: withBankAccount(answer.bankAccounts, memory) }
        : answer,
  },
}
