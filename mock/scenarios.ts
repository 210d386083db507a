// The mock's scenarios: which documented answer each operation gives, and what changes after
// a call, per browser session. Every value here is the NAME of an example in the contract
// (generated/openapi.yaml); Prism serves its body. Error examples are named by their code, and
// the layer finds the status an example is documented under, so no status is repeated here.
//
// The names and the scenarios are those of mock/README.md ("Example names per scenario", the
// money contract's world of decision 005); screens and e2e are written against them, so keep scenario names
// stable. When the contract renames an example, re-point the strings below;
// tests/mock/scenarios.test.ts names every one that no longer exists.
import type { OperationId } from './contract'

/** Per value of one request parameter (path or query), the example to answer. */
export type ByParameter = {
  parameter: string
  examples: Record<string, string>
}

/**
 * An example name of the operation; `null` for the contract's default answer (Prism's first
 * example, or the one a parameter rule picks: mock/rules.ts); per parameter value (values not
 * listed get the default answer); or, in a transition only, AS_SCENARIO.
 */
export type Choice = string | null | ByParameter
export type Choices = Partial<Record<OperationId, Choice>>

/** In a transition: forget what earlier transitions set, back to the scenario's own choice. */
export const AS_SCENARIO = '<as scenario>'

export type Transition = {
  /** Fires after this operation answers, for the session that called it... */
  after: OperationId
  /** ...with this example (default: any 2xx answer, i.e. the call succeeded). */
  answered?: string
  /** From then on, these operations answer so (until logout or reset). */
  then: Choices
}

export type Scenario = {
  description: string
  /** What each operation answers when the session starts. */
  prefer: Choices
  /** Applied in order; a later one wins where two set the same operation. */
  transitions: Transition[]
  /**
   * Date-time fields set from the session's start (ms after it; negative: before), per
   * operation, wherever the field is in the answer (mock/dates.ts).
   */
  dates?: Partial<Record<OperationId, Record<string, Moment>>>
  /** Rows over all pages of a list operation's answer (mock/volume.ts). */
  volume?: Partial<Record<OperationId, number>>
  /**
   * Moves by time rather than by a call: from `at` after the session's start, these
   * operations answer so. Each fires once, at the session's first request from then on, and
   * not at all once a call's transition has moved one of the operations it sets (the order it
   * ends was canceled or replaced first).
   */
  timed?: TimedTransition[]
  /**
   * Numbers of the scenario a request may set, with their defaults: `X-Mock-Scenario:
   * NAME;param=value` (mock/README.md). `dates` offsets and `timed` moments may name one.
   */
  params?: Record<string, number>
}

/** A moment or offset in ms after the session's start, or the name of a scenario param. */
export type Moment = number | string

export type TimedTransition = { at: Moment; then: Choices }

const MINUTE = 60_000

const byProvider = (examples: Record<string, string>): ByParameter => ({
  parameter: 'provider',
  examples,
})

/** The new player's credit at every provider: nothing anywhere. */
const newPlayerCredit = {
  alphabet: 'alphabetZero',
  askmebet: 'askmebetZero',
  gclub: 'gclubZero',
  gclub_live: 'gclub_liveZero',
}

// --- Flows several scenarios share ---------------------------------------------------------

/** A created order is the open one, with its QR, until it is paid or canceled. */
const depositOpens: Transition = {
  after: 'createDeposit',
  then: {
    listOpenDeposits: 'oneOpen',
    getDepositLaoQr: 'open',
    getDeposit: 'open',
    // A previous order's final state does not stick to the new one.
    checkDeposit: AS_SCENARIO,
    cancelDeposit: AS_SCENARIO,
    // One open order at a time (createDeposit's x-repeat-refused).
    createDeposit: 'OPEN_ORDER',
  },
}

/** A new order is unpaid at the first check (200, status OPEN) and paid at the next one. */
const payOnSecondCheck: Transition[] = [
  { after: 'createDeposit', then: { checkDeposit: 'notPaid' } },
  { after: 'checkDeposit', answered: 'notPaid', then: { checkDeposit: 'paid' } },
]

/**
 * A paid order leaves the open list; its QR and cancel say it is paid (DepositStatus
 * x-lifecycle refusals for PAID; tests/contract/lifecycles.test.ts holds them to the table).
 */
const depositPaid: Choices = {
  listOpenDeposits: 'empty',
  getDeposit: 'paid',
  getDepositLaoQr: 'ORDER_ALREADY_PAID',
  cancelDeposit: 'ORDER_ALREADY_PAID',
  createDeposit: null,
}

/** ...and the 800.00 THB it bought is on askmebet (decision 005: default world + 800.00). */
const creditAfterPaid: Choices = {
  getPlayerCredit: 'afterPaidDeposit',
  getProviderCredit: byProvider({ askmebet: 'askmebetAfterPaid' }),
}

/** A canceled order answers itself to a check or a read (200), and the table's refusals. */
const depositCanceled: Transition = {
  after: 'cancelDeposit',
  then: {
    listOpenDeposits: 'empty',
    getDepositLaoQr: 'ORDER_ALREADY_FINAL',
    checkDeposit: 'canceled',
    getDeposit: 'canceled',
    cancelDeposit: 'ORDER_ALREADY_FINAL',
    createDeposit: null,
  },
}

/** Open, check (unpaid, then paid: credit rises), cancel: the deposit walk. */
const depositFlow: Transition[] = [
  depositOpens,
  ...payOnSecondCheck,
  { after: 'checkDeposit', answered: 'paid', then: { ...depositPaid, ...creditAfterPaid } },
  depositCanceled,
]

/** One bank account per player (addBankAccount's x-repeat-refused): a second one is refused. */
const oneBankAccount: Transition = {
  after: 'addBankAccount',
  then: { addBankAccount: 'BANK_ACCOUNT_LIMIT_REACHED' },
}

const withdrawFlow: Transition[] = [
  { after: 'createWithdraw', then: { listOpenWithdraws: 'oneOpen', createWithdraw: 'OPEN_ORDER' } },
  { after: 'createWithdraw', answered: 'withdrawAll', then: { getWithdraw: 'withdrawAll' } },
]

/** The usage a claim answers becomes the current one (and the recheck's). */
const promotionFlow: Transition[] = [
  {
    after: 'usePromotion',
    answered: 'claimed',
    then: {
      getCurrentPromotion: 'active',
      recheckPromotionUsage: 'active',
      usePromotion: 'PROMOTION_ALREADY_ACTIVE',
      // The daily bonus's deposit: the set amount, with the bonus on top.
      createDeposit: 'withPromotion',
    },
  },
  {
    after: 'usePromotion',
    answered: 'claimedWelcome',
    then: {
      getCurrentPromotion: 'claimedWelcome',
      recheckPromotionUsage: 'claimedWelcome',
      usePromotion: 'PROMOTION_ALREADY_ACTIVE',
    },
  },
  {
    after: 'cancelPromotionUsage',
    then: {
      getCurrentPromotion: 'none',
      recheckPromotionUsage: 'none',
      usePromotion: null,
      createDeposit: null,
    },
  },
]

/** An unpaid open order: refused new orders and promotions until it is canceled. */
const openOrder: Pick<Scenario, 'prefer' | 'transitions'> = {
  prefer: {
    listOpenDeposits: 'oneOpen',
    getDepositLaoQr: 'open',
    getDeposit: 'open',
    checkDeposit: 'notPaid',
    cancelDeposit: 'canceled',
    createDeposit: 'OPEN_ORDER',
    usePromotion: 'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
  },
  transitions: [
    depositOpens,
    { after: 'createDeposit', then: { createDeposit: AS_SCENARIO, usePromotion: AS_SCENARIO } },
    depositCanceled,
    { after: 'cancelDeposit', then: { createDeposit: null, usePromotion: null } },
    ...withdrawFlow,
    ...promotionFlow,
  ],
}

// --- Scenarios -----------------------------------------------------------------------------

export const scenarios = {
  default: {
    description:
      "The contract's default world: souksavanh with a bank account, credit at three " +
      'providers, histories, no open order and no promotion in force. A new deposit order is ' +
      'unpaid at its first check and paid at the next (credit rises); a claim becomes current.',
    prefer: {},
    transitions: [oneBankAccount, ...depositFlow, ...withdrawFlow, ...promotionFlow],
  },

  'new-player': {
    description:
      'A player who just registered: no bank account (deposit and withdraw ask for one), no ' +
      'credit, empty histories, games locked until a first deposit. Walk it: add a bank ' +
      'account, deposit, check (unpaid, then paid: credit rises, games open), claim a promotion.',
    prefer: {
      loginPlayer: 'newPlayer',
      getPlayerInfo: 'newPlayer',
      listBankAccounts: 'empty',
      getPlayerCredit: 'newPlayer',
      getProviderCredit: byProvider(newPlayerCredit),
      listDeposits: 'empty',
      listWithdraws: 'empty',
      listPromotionUsages: 'empty',
      openGame: 'GAME_REQUIRES_DEPOSIT',
      usePromotion: 'claimedWelcome',
      createDeposit: 'BANK_ACCOUNT_REQUIRED',
      // Beyond mock/README.md's table, for the same story: nothing to withdraw to, no order.
      createWithdraw: 'BANK_ACCOUNT_REQUIRED',
      quoteWithdraw: 'BANK_ACCOUNT_REQUIRED',
      getDepositLaoQr: 'ORDER_NOT_FOUND',
    },
    transitions: [
      {
        after: 'addBankAccount',
        then: {
          listBankAccounts: 'keo',
          getPlayerInfo: 'newPlayerWithBank',
          createDeposit: null,
          createWithdraw: 'INSUFFICIENT_CREDIT',
          quoteWithdraw: 'INSUFFICIENT_CREDIT',
        },
      },
      oneBankAccount,
      ...depositFlow,
      {
        after: 'checkDeposit',
        answered: 'paid',
        then: {
          // The new player's own figures: 0.00 + 800.00, all of it on askmebet.
          getPlayerCredit: 'newPlayerAfterPaid',
          getProviderCredit: byProvider({
            ...newPlayerCredit,
            askmebet: 'askmebetNewPlayerAfterPaid',
          }),
          openGame: null,
          createWithdraw: null,
          quoteWithdraw: null,
          // The welcome bonus is for the first order only: the daily bonus is what is left.
          usePromotion: null,
        },
      },
      ...withdrawFlow,
      ...promotionFlow,
    ],
  },

  'open-order': {
    description:
      'A deposit order is open and stays unpaid: the QR is shown, every check answers it is ' +
      'not paid yet (200, OPEN), new orders and promotions are refused until it is canceled.',
    ...openOrder,
  },

  'expiring-order': {
    description:
      'The open order of open-order, expiring one minute after the session starts (its 15 ' +
      'minutes almost gone; `expiring-order;expiresIn=MS` for another delay): the countdown ' +
      'runs out while you look at it, and from then on the order is CANCELED (EXPIRED): its ' +
      'check and read answer so, its QR and cancel ORDER_EXPIRED, new orders open up.',
    ...openOrder,
    params: { expiresIn: MINUTE },
    dates: {
      listOpenDeposits: { createdAt: -14 * MINUTE, expiresAt: 'expiresIn' },
      getDepositLaoQr: { expiresAt: 'expiresIn' },
      getDeposit: { createdAt: -14 * MINUTE, expiresAt: 'expiresIn', closedAt: 'expiresIn' },
      checkDeposit: { createdAt: -14 * MINUTE, expiresAt: 'expiresIn', closedAt: 'expiresIn' },
    },
    // DepositStatus x-lifecycle: OPEN -> CANCELED (EXPIRED) when `expiresAt` passed unpaid,
    // with the table's refusals for it (tests/contract/lifecycles.test.ts holds them to it).
    timed: [
      {
        at: 'expiresIn',
        then: {
          listOpenDeposits: 'empty',
          getDepositLaoQr: 'ORDER_EXPIRED',
          checkDeposit: 'expired',
          getDeposit: 'expired',
          cancelDeposit: 'ORDER_EXPIRED',
          createDeposit: null,
          usePromotion: null,
        },
      },
    ],
  },

  'long-lists': {
    description:
      'The default world with long lists, for paging and the virtualised grid: 300 rows in ' +
      'each history (deposits, withdrawals, promotion usages), 500 games per provider and 50 ' +
      'promotions (a generated one opens and is claimed as the example it was made from).',
    prefer: {},
    transitions: [...depositFlow, ...withdrawFlow, ...promotionFlow],
    volume: {
      listDeposits: 300,
      listWithdraws: 300,
      listPromotionUsages: 300,
      listGames: 500,
      listAlphabetGames: 500,
      listPromotions: 50,
    },
  },

  'paid-after-check': {
    description:
      'A deposit order is open and already paid: the first check answers PAID, then the ' +
      'order leaves the open list and the credit rises (askmebet +800.00).',
    prefer: {
      listOpenDeposits: 'oneOpen',
      getDepositLaoQr: 'open',
      checkDeposit: 'paid',
      cancelDeposit: 'ORDER_ALREADY_PAID',
    },
    transitions: [
      { after: 'checkDeposit', answered: 'paid', then: { ...depositPaid, ...creditAfterPaid } },
      depositOpens,
      depositCanceled,
      ...withdrawFlow,
      ...promotionFlow,
    ],
  },

  'active-promotion': {
    description:
      'The daily bonus is claimed and waits for its deposit (ACTIVE): it shows as current, ' +
      'claiming another answers PROMOTION_ALREADY_ACTIVE, a deposit carries the bonus; ' +
      'canceling the usage clears it.',
    prefer: {
      getCurrentPromotion: 'active',
      recheckPromotionUsage: 'active',
      usePromotion: 'PROMOTION_ALREADY_ACTIVE',
      createDeposit: 'withPromotion',
      cancelPromotionUsage: 'canceled',
    },
    transitions: [...depositFlow, ...withdrawFlow, ...promotionFlow],
  },

  'used-promotion': {
    description:
      'The daily bonus is in use (USED, turnover running): its credit is on alphabet, the ' +
      'history shows it, a new deposit answers PROMOTION_CREDIT_USED and claiming another ' +
      'PROMOTION_ALREADY_ACTIVE.',
    prefer: {
      getCurrentPromotion: 'used',
      recheckPromotionUsage: 'stillInUse',
      listPromotionUsages: 'withUsed',
      getPlayerCredit: 'usedPromotion',
      getProviderCredit: byProvider({ alphabet: 'alphabetUsedPromotion' }),
      createDeposit: 'PROMOTION_CREDIT_USED',
      usePromotion: 'PROMOTION_ALREADY_ACTIVE',
    },
    transitions: [...withdrawFlow],
  },

  'withdraw-all': {
    description:
      'The weekend bonus requires withdrawing all credit: the quote and the withdrawal take ' +
      'all of askmebet (2350.00), deduct the bonus, cap the payout and return the excess.',
    prefer: {
      getCurrentPromotion: 'withdrawAll',
      getPlayerCredit: 'withdrawAll',
      getProviderCredit: byProvider({ askmebet: 'askmebetWithdrawAll' }),
      quoteWithdraw: 'withdrawAll',
      createWithdraw: 'withdrawAll',
      // Beyond the table, for the same story: a promotion is in force.
      usePromotion: 'PROMOTION_ALREADY_ACTIVE',
    },
    transitions: [...withdrawFlow],
  },

  blocked: {
    description:
      'The player is blocked from promotions: the promotion page says so and claiming answers ' +
      'PLAYER_BLOCKED_FROM_PROMOTIONS.',
    prefer: {
      getPromotionBlocking: 'blocked',
      usePromotion: 'PLAYER_BLOCKED_FROM_PROMOTIONS',
    },
    transitions: [...depositFlow, ...withdrawFlow],
  },

  'insufficient-credit': {
    description:
      'gclub is down to 80.00: the withdraw quote and the withdrawal answer ' +
      'INSUFFICIENT_CREDIT.',
    prefer: {
      getPlayerCredit: 'insufficient',
      getProviderCredit: byProvider({ gclub: 'gclubInsufficient' }),
      quoteWithdraw: 'INSUFFICIENT_CREDIT',
      createWithdraw: 'INSUFFICIENT_CREDIT',
    },
    // No credit example adds a paid order to this world: a paid check leaves the credit alone.
    transitions: [
      depositOpens,
      ...payOnSecondCheck,
      { after: 'checkDeposit', answered: 'paid', then: depositPaid },
      depositCanceled,
      ...promotionFlow,
    ],
  },

  'rejected-withdraw': {
    description:
      'Withdrawals are refused: the history shows a REJECTED one and a new withdrawal ' +
      'answers WITHDRAW_REJECTED.',
    prefer: {
      listWithdraws: 'rejected',
      createWithdraw: 'WITHDRAW_REJECTED',
    },
    transitions: [...depositFlow, ...promotionFlow],
  },

  'open-withdraw': {
    description:
      'A withdrawal is being processed: it is in the open list and a new one answers ' +
      'OPEN_ORDER (of kind withdraw).',
    prefer: {
      listOpenWithdraws: 'oneOpen',
      createWithdraw: 'OPEN_ORDER',
    },
    transitions: [...depositFlow, ...promotionFlow],
  },

  'unknown-status': {
    description:
      'The deposit and promotion histories carry a status the site does not know (ON_HOLD, ' +
      'EXPIRED; deliberately outside the contract): shown as its raw code in grey.',
    prefer: {
      listDeposits: 'unknownStatus',
      listPromotionUsages: 'unknownStatus',
    },
    transitions: [...depositFlow, ...withdrawFlow, ...promotionFlow],
  },
} satisfies Record<string, Scenario>

export type ScenarioName = keyof typeof scenarios

export const DEFAULT_SCENARIO: ScenarioName = 'default'

export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(scenarios, name)
}

/** A scenario by name, with the optional parts every scenario may have. */
export function scenarioNamed(name: ScenarioName): Scenario {
  return scenarios[name]
}

export function isByParameter(choice: Choice | undefined): choice is ByParameter {
  return typeof choice === 'object' && choice !== null
}

/** Every example name a choice can answer (one, or one per parameter value). */
export function examplesOfChoice(choice: Choice | undefined): string[] {
  if (choice === null || choice === undefined || choice === AS_SCENARIO) return []
  return isByParameter(choice) ? Object.values(choice.examples) : [choice]
}
