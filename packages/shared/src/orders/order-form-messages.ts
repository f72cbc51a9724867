// Apart from the order schemas that use them: the decline dialog shows them without loading zod (issue 15).

/** Texts of issue 10 beyond the spec's catalogue (DESIGN §10). */
export const orderFormMessages = {
  /** An empty plate is a missing field, not a bad format. */
  plateRequired: 'Введите госномер',
  /** «Другое» says nothing by itself: the operator writes the reason. */
  cancelCommentRequired: 'Опишите причину',
  cancelCommentMax: 'Не больше 300 символов',
  /** A completion with payment takes money: at least something, by card, cash, СБП or online. */
  paymentAmountRequired: 'Введите сумму оплаты',
} as const;
