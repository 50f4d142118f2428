// The maker and taker fee rates of spot fills (params spot_maker_fee_rate and spot_taker_fee_rate,
// public, 0.1 % each by default), read per order so an operator's edit applies at once.
import type { Database } from '../db/database.ts'
import { SPOT_FEE_PARAMS } from '../../src/contract/spot.ts'
import { rateParam } from '../params/rate.ts'

export const DEFAULT_SPOT_FEE_RATE = '0.001'

export interface FeeRates {
  maker: string
  taker: string
}

export const spotFeeRates = async (db: Database): Promise<FeeRates> => ({
  maker: await rateParam(db, SPOT_FEE_PARAMS.maker, DEFAULT_SPOT_FEE_RATE),
  taker: await rateParam(db, SPOT_FEE_PARAMS.taker, DEFAULT_SPOT_FEE_RATE),
})
