import { DepositCallsPage } from '../deposit-calls-page'
import { mountPainted } from '../painted'

mountPainted('/player/deposit-calls-painted', DepositCallsPage)
