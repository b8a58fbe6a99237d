import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  billingCustomers,
  billingEvents,
  idempotencyKeys,
  invoices,
  offers,
  paymentMethods,
  plans,
  prices,
  subscriptions,
  users,
} from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type OfferRow = typeof offers.$inferSelect;

const priceColumns = {
  priceId: prices.id,
  currency: prices.currency,
  amount: prices.amount,
  planId: plans.id,
  tier: plans.tier,
  interval: plans.interval,
  name: plans.name,
  trialDays: plans.trialDays,
};
export type PriceRow = { priceId: string; currency: string; amount: number } & {
  planId: string;
  tier: string;
  interval: string;
  name: string;
  trialDays: number;
};

export const billingRepository = {
  /** Every price with its plan. */
  async prices(db: Executor): Promise<PriceRow[]> {
    return db.select(priceColumns).from(prices).innerJoin(plans, eq(plans.id, prices.planId));
  },

  async price(db: Executor, priceId: string): Promise<PriceRow | undefined> {
    const [row] = await db
      .select(priceColumns)
      .from(prices)
      .innerJoin(plans, eq(plans.id, prices.planId))
      .where(eq(prices.id, priceId));
    return row;
  },

  async billingUser(db: Executor, userId: string) {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        locale: users.locale,
        billingFullname: users.billingFullname,
        cpf: users.cpf,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  async customerOf(db: Executor, userId: string) {
    const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    return row;
  },

  async userOfCustomer(db: Executor, provider: string, customerId: string) {
    const [row] = await db
      .select({ userId: billingCustomers.userId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.provider, provider), eq(billingCustomers.customerId, customerId)));
    return row?.userId;
  },

  /** Records the customer unless another request did first; returns the one that counts. */
  async insertCustomer(db: Executor, userId: string, provider: string, customerId: string) {
    await db.insert(billingCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
    return (await this.customerOf(db, userId))!;
  },

  /** The learner's newest subscription with its price and plan, if they ever had one. */
  async latestSubscription(db: Executor, userId: string) {
    const [row] = await db
      .select({ subscription: subscriptions, price: priceColumns })
      .from(subscriptions)
      .innerJoin(prices, eq(prices.id, subscriptions.priceId))
      .innerJoin(plans, eq(plans.id, prices.planId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    return row;
  },

  async subscriptionByProviderId(db: Executor, provider: string, providerId: string) {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerId, providerId)));
    return row;
  },

  async hadTrial(db: Executor, userId: string) {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.trialEndAt} is not null`))
      .limit(1);
    return row !== undefined;
  },

  async upsertSubscription(db: Executor, values: NewSubscription) {
    const { userId: _, provider: __, providerId: ___, ...changes } = values;
    const [row] = await db
      .insert(subscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: [subscriptions.provider, subscriptions.providerId],
        set: { ...changes, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  },

  async updateSubscription(db: Executor, id: string, changes: Partial<NewSubscription>) {
    await db
      .update(subscriptions)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id));
  },

  async paymentMethods(db: Executor, userId: string) {
    return db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  },

  async paymentMethod(db: Executor, userId: string, id: string) {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id)));
    return row;
  },

  async upsertPaymentMethod(db: Executor, values: typeof paymentMethods.$inferInsert) {
    const { id: _, userId: __, ...changes } = values;
    await db
      .insert(paymentMethods)
      .values(values)
      .onConflictDoUpdate({ target: paymentMethods.id, set: changes });
  },

  async setDefaultPaymentMethod(db: Executor, userId: string, id: string) {
    await db
      .update(paymentMethods)
      .set({ isDefault: sql`${paymentMethods.id} = ${id}` })
      .where(eq(paymentMethods.userId, userId));
  },

  async deletePaymentMethod(db: Executor, userId: string, id: string) {
    await db.delete(paymentMethods).where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id)));
  },

  async otherPaymentMethod(db: Executor, userId: string, id: string) {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, id)))
      .orderBy(desc(paymentMethods.createdAt))
      .limit(1);
    return row;
  },

  async invoices(db: Executor, userId: string) {
    return db
      .select({ invoice: invoices, tier: plans.tier, interval: plans.interval })
      .from(invoices)
      .leftJoin(prices, eq(prices.id, invoices.priceId))
      .leftJoin(plans, eq(plans.id, prices.planId))
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.issuedAt));
  },

  /** Records an invoice, or its new state; true when it was not known before. */
  async upsertInvoice(db: Executor, values: NewInvoice) {
    const { providerId: _, userId: __, ...changes } = values;
    const [row] = await db
      .insert(invoices)
      .values(values)
      .onConflictDoUpdate({
        target: invoices.providerId,
        set: { status: changes.status, total: changes.total },
      })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    return Boolean(row?.inserted);
  },

  /** Marks an event handled; false when it was handled before. */
  async recordEvent(db: Executor, id: string, type: string) {
    const rows = await db
      .insert(billingEvents)
      .values({ id, type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    return rows.length === 1;
  },

  async forgetEvent(db: Executor, id: string) {
    await db.delete(billingEvents).where(eq(billingEvents.id, id));
  },

  async claimIdempotencyKey(db: Executor, userId: string, key: string, requestHash: string) {
    const rows = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length === 1;
  },

  async idempotencyKey(db: Executor, userId: string, key: string) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row;
  },

  async completeIdempotencyKey(
    db: Executor,
    userId: string,
    key: string,
    statusCode: number,
    response: unknown,
  ) {
    await db
      .update(idempotencyKeys)
      .set({ statusCode, response })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  },

  async releaseIdempotencyKey(db: Executor, userId: string, key: string) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  },

  async offer(db: Executor, userId: string) {
    const [row] = await db.select().from(offers).where(eq(offers.userId, userId));
    return row;
  },

  async insertOffer(db: Executor, values: typeof offers.$inferInsert) {
    await db.insert(offers).values(values).onConflictDoNothing();
  },
};
