import { RacLoginForm } from '../login-experiment'
import { mountPainted } from '../painted'

mountPainted('/form-rac-painted', RacLoginForm)
