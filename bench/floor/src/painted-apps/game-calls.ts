import { GameCallsPage } from '../game-calls-page'
import { mountPainted } from '../painted'

mountPainted('/player/game-calls-painted', GameCallsPage)
