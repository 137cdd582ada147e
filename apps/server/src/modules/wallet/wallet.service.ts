import type { AppContext } from '../../context.js';
import { createBankCipher } from './bank-crypto.js';
import { createBalanceService } from './wallet.balance.service.js';
import { createEscrowSettlement } from './escrow.settle.service.js';
import { createPayoutsService } from './wallet.payouts.service.js';
import { createRewardDistributionService } from './wallet.reward-distribution.service.js';
import { createRewardViewService } from './wallet.reward-view.service.js';
import { createWithdrawalsService } from './wallet.withdrawals.service.js';

export { WALLET_MSG } from './wallet.messages.js';

/**
 * The wallet area's services, wired once per context: each use case lives in its own file
 * (escrow settlement, the reward screen, reward distribution, balance and payout details,
 * withdrawals, admin payouts).
 */
export function createWalletService(ctx: AppContext) {
  const cipher = createBankCipher(ctx.config.jwtSecret);
  return {
    ...createEscrowSettlement(ctx),
    ...createRewardViewService(ctx),
    ...createRewardDistributionService(ctx),
    ...createBalanceService(ctx, cipher),
    ...createWithdrawalsService(ctx),
    ...createPayoutsService(ctx, cipher),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
