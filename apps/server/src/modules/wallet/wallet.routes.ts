import {
  BankDetailsBody,
  DistributeBody,
  DistributeResult,
  ErrorBody,
  IdParam,
  RewardView,
  TransactionsQuery,
  WalletTransaction,
  WalletView,
  WithdrawalBody,
  WithdrawalResult,
  WithdrawalView,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer as security } from '../../lib/openapi.js';
import type { WalletService } from './wallet.service.js';
import { sendPage } from '../../lib/http.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * HTTP routes of the wallet area, mounted at /api with no prefix: rewards, wallet, withdrawals.
 * Admin actions on withdrawals are service functions (createWalletService) used by the admin area.
 */
export function walletRoutes(wallet: WalletService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/questions/:id/rewards',
      {
        schema: {
          tags: ['rewards'],
          summary: 'A paid question’s reward: its escrow and how it may be split',
          security,
          params: IdParam,
          response: { 200: RewardView, ...errors },
        },
      },
      async (req) => wallet.getRewardView(req.user!, req.params.id),
    );

    app.post(
      '/rewards/distribute',
      {
        schema: {
          tags: ['rewards'],
          summary: 'The author splits the reward among answerers',
          security,
          body: DistributeBody,
          response: { 200: DistributeResult, ...errors },
        },
      },
      async (req) => wallet.distribute(req.user!, req.body),
    );

    app.get(
      '/wallet',
      {
        schema: {
          tags: ['wallet'],
          summary: 'The caller’s wallet balance',
          security,
          response: { 200: WalletView, 401: ErrorBody },
        },
      },
      async (req) => wallet.getWallet(req.user!),
    );

    app.get(
      '/wallet/transactions',
      {
        schema: {
          tags: ['wallet'],
          summary: 'The caller’s wallet entries, newest first (pages)',
          security,
          querystring: TransactionsQuery,
          response: { 200: z.array(WalletTransaction), 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req, reply) => {
        return sendPage(reply, await wallet.listTransactions(req.user!, req.query));
      },
    );

    app.put(
      '/wallet/bank-details',
      {
        schema: {
          tags: ['wallet'],
          summary: 'Saves the bank account withdrawals are paid to',
          security,
          body: BankDetailsBody,
          response: { 200: WalletView, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req) => wallet.saveBankDetails(req.user!, req.body),
    );

    // The caller's withdrawals with their timeline (requested → paid / failed), newest first.
    app.get(
      '/withdrawals',
      {
        schema: {
          tags: ['wallet'],
          summary: 'The caller’s withdrawals with their timeline, newest first (pages)',
          security,
          querystring: TransactionsQuery,
          response: { 200: z.array(WithdrawalView), 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req, reply) => {
        return sendPage(reply, await wallet.listMyWithdrawals(req.user!, req.query));
      },
    );

    app.post(
      '/withdrawals/request',
      {
        schema: {
          tags: ['wallet'],
          summary:
            'Requests a withdrawal to the saved bank account (201 new, 200 a repeat of the same request)',
          security,
          body: WithdrawalBody,
          response: { 200: WithdrawalResult, 201: WithdrawalResult, ...errors },
        },
      },
      async (req, reply) => {
        const { created, ...result } = await wallet.requestWithdrawal(req.user!, req.body);
        return reply.status(created ? 201 : 200).send(result);
      },
    );
  };
}
