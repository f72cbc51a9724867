/**
 * Texts of the clients area: S2 §5 «Client form» and S2 §8 «Clients» verbatim, then the few texts issue 11
 * adds where the spec is silent (marked).
 */
export const clientMessages = {
  // S2 §5
  nameRequired: 'Пожалуйста, введите имя клиента',
  required: 'Обязательное поле',
  phoneInvalid: 'Введите корректный номер телефона',
  stationRequiredCreate: 'Необходимо выбрать станцию для создания клиента',
  stationRequiredUpdate: 'Необходимо выбрать станцию для обновления клиента',
  // S2 §2
  selectStation: 'Выберите станцию',
  nameMissing: 'Имя не указано',
  dateMissing: 'Не указано',
  // S2 §8 «Clients»
  created: 'Клиент успешно создан',
  createFailed: 'Не удалось создать клиента',
  updated: 'Клиент успешно обновлен',
  updateFailed: 'Не удалось обновить клиента',
  deleted: 'Клиент успешно удален',
  deleteFailed: 'Не удалось удалить клиента',
  restored: 'Клиент успешно восстановлен',
  restoreFailed: 'Не удалось восстановить клиента',
  createError: 'Ошибка при создании нового клиента',
  updateError: 'Ошибка при обновлении клиента',
  loadFailed: 'Ошибка загрузки клиентов',
  // Issue 11 (not in the spec's catalogue)
  /** 409 when another active client of the network has the phone; see `phoneTakenBy`. */
  phoneTaken: 'Клиент с таким телефоном уже есть',
  discountInvalid: 'Скидка — целое число от 0 до 100',
  nameTooLong: 'Не больше 100 символов',
  carBrandRequired: 'Выберите марку',
  carModelRequired: 'Выберите модель',
  importDuplicateInFile: 'Телефон повторяется в файле',
  importTooManyRows: 'Не больше 20 000 строк за один раз',
  importEmpty: 'В файле нет строк',
} as const;

/** «Клиент с таким телефоном уже есть: Иван Петров» — names the client so the operator can find them. */
export function phoneTakenBy(client: { name: string; surname: string }): string {
  const who = `${client.name} ${client.surname}`.trim() || clientMessages.nameMissing;
  return `${clientMessages.phoneTaken}: ${who}`;
}
