// The mock's scenarios: which documented answer each operation gives, and what changes after
// a call, per browser session. Every value here is the NAME of an example in the contract
// (generated/openapi.yaml); Prism serves its body. Error examples are named by their code, and
// the layer finds the status an example is documented under, so no status is repeated here.
// `null` means "the contract's default answer" (Prism's first example, or the example a
// parameter rule picks: mock/rules.ts).
//
// When the contract renames or adds an example, re-point the strings below;
// tests/mock/scenarios.test.ts names every one that no longer exists.
import type { OperationId } from './contract'

/** An example name of the operation, or null for its default answer. */
export type Choice = string | null
export type Choices = Partial<Record<OperationId, Choice>>

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
}

// --- Flows several scenarios share ---------------------------------------------------------

const bankFlow: Transition[] = [{ after: 'addBankAccount', then: { listBankAccounts: 'one' } }]

const orderFlow: Transition[] = [
  { after: 'createDeposit', then: { listOpenDeposits: 'oneOpen', getDepositLaoQr: 'open' } },
  {
    after: 'cancelDeposit',
    then: { listOpenDeposits: 'empty', getDepositLaoQr: 'ORDER_NOT_FOUND', createDeposit: null },
  },
  {
    after: 'checkDeposit',
    then: { listOpenDeposits: 'empty', getDepositLaoQr: 'ORDER_NOT_FOUND', createDeposit: null },
  },
  { after: 'createWithdraw', then: { listOpenWithdraws: 'oneOpen' } },
]

/** A new order is unpaid at the first check and paid at the next one. */
const payOnSecondCheck: Transition[] = [
  { after: 'createDeposit', then: { checkDeposit: 'ORDER_NOT_PAID' } },
  { after: 'checkDeposit', answered: 'ORDER_NOT_PAID', then: { checkDeposit: null } },
]

const promotionFlow: Transition[] = [
  {
    after: 'usePromotion',
    then: { getCurrentPromotion: 'active', usePromotion: 'PROMOTION_ALREADY_ACTIVE' },
  },
  { after: 'cancelPromotionUsage', then: { getCurrentPromotion: 'none', usePromotion: null } },
]

// --- Scenarios -----------------------------------------------------------------------------

export const scenarios = {
  default: {
    description:
      "The contract's default world: souksavanh with a bank account, credit, an open deposit " +
      'order, a promotion in use and histories. A new order pays at its second check.',
    prefer: {},
    transitions: [...bankFlow, ...orderFlow, ...payOnSecondCheck, ...promotionFlow],
  },

  'new-player': {
    description:
      'A player who just registered: no bank account (deposit, withdraw and promotions ask for ' +
      'one), no order, no promotion, empty histories, games locked until a first deposit. ' +
      'Walk it: add a bank account, deposit, check (unpaid, then paid), claim a promotion.',
    prefer: {
      getPlayerInfo: 'newPlayer',
      listBankAccounts: 'empty',
      listOpenDeposits: 'empty',
      listOpenWithdraws: 'empty',
      listDeposits: 'empty',
      listWithdraws: 'empty',
      listPromotionUsages: 'empty',
      getCurrentPromotion: 'none',
      getDepositLaoQr: 'ORDER_NOT_FOUND',
      createDeposit: 'BANK_ACCOUNT_REQUIRED',
      createWithdraw: 'BANK_ACCOUNT_REQUIRED',
      usePromotion: 'BANK_ACCOUNT_REQUIRED',
      openGame: 'GAME_REQUIRES_DEPOSIT',
    },
    transitions: [
      {
        after: 'addBankAccount',
        then: {
          listBankAccounts: 'one',
          createDeposit: null,
          createWithdraw: 'INSUFFICIENT_CREDIT',
          usePromotion: null,
        },
      },
      ...orderFlow,
      ...payOnSecondCheck,
      {
        after: 'checkDeposit',
        then: { openGame: null, createWithdraw: null },
      },
      ...promotionFlow,
    ],
  },

  'open-order': {
    description:
      'A deposit order is open and stays unpaid: the QR is shown, every check answers ' +
      'ORDER_NOT_PAID, new orders, withdraws and promotions are refused until it is canceled.',
    prefer: {
      listOpenDeposits: 'oneOpen',
      getDepositLaoQr: 'open',
      checkDeposit: 'ORDER_NOT_PAID',
      createDeposit: 'OPEN_ORDER',
      createWithdraw: 'OPEN_ORDER',
      usePromotion: 'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
    },
    transitions: [
      ...bankFlow,
      ...orderFlow,
      { after: 'cancelDeposit', then: { createWithdraw: null, usePromotion: null } },
      ...promotionFlow,
    ],
  },

  'paid-after-check': {
    description:
      'A deposit order is open and paid: the first check answers PAID, then the order leaves ' +
      'the open list and its QR is gone.',
    prefer: {
      listOpenDeposits: 'oneOpen',
      getDepositLaoQr: 'open',
      checkDeposit: 'paid',
    },
    transitions: [...bankFlow, ...orderFlow, ...promotionFlow],
  },

  'active-promotion': {
    description:
      'A promotion is in force: it shows as current, claiming another answers ' +
      'PROMOTION_ALREADY_ACTIVE; canceling the usage clears it.',
    prefer: {
      getCurrentPromotion: 'active',
      usePromotion: 'PROMOTION_ALREADY_ACTIVE',
      recheckPromotionUsage: 'stillInUse',
    },
    transitions: [...bankFlow, ...orderFlow, ...payOnSecondCheck, ...promotionFlow],
  },

  blocked: {
    description:
      'The player is blocked from promotions: the promotion page says so and claiming answers ' +
      'PLAYER_BLOCKED_FROM_PROMOTIONS.',
    prefer: {
      getPromotionBlocking: 'blocked',
      getCurrentPromotion: 'none',
      usePromotion: 'PLAYER_BLOCKED_FROM_PROMOTIONS',
    },
    transitions: [...bankFlow, ...orderFlow, ...payOnSecondCheck],
  },

  'insufficient-credit': {
    description:
      'Withdrawing asks for more credit than the player has: every withdraw answers ' +
      'INSUFFICIENT_CREDIT.',
    prefer: {
      listOpenWithdraws: 'empty',
      createWithdraw: 'INSUFFICIENT_CREDIT',
    },
    transitions: [...bankFlow, ...orderFlow, ...payOnSecondCheck, ...promotionFlow],
  },
} satisfies Record<string, Scenario>

export type ScenarioName = keyof typeof scenarios

export const DEFAULT_SCENARIO: ScenarioName = 'default'

export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(scenarios, name)
}
