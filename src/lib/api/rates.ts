// Contract tag `rates`: exchange rates for the conversions of spec section 9 (~/domain/money).
import { $api } from './client'

export const currencyRatesQueryOptions = () => $api.queryOptions('get', '/v2/rates', {})
