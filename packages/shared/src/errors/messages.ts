/**
 * Russian texts of the spec's error catalogue (S1 §8, S2 §8), quoted exactly.
 * One place, so the server and the web client say the same thing.
 */
export const messages = {
  auth: {
    userLoadFailed: 'Ошибка авторизации. Пожалуйста, попробуйте войти снова.',
    codeExchangeFailed: 'Ошибка авторизации. Попробуйте войти заново или обратитесь в тех. поддержку.',
    telegramFailed: 'Ошибка аутентификации через Telegram',
    generic: 'Произошла ошибка при авторизации',
    redirectFailed: 'Произошла ошибка при перенаправлении на страницу авторизации',
    timeout: 'Превышено время ожидания авторизации. Пожалуйста, попробуйте снова.',
    notAuthorized: 'Пользователь не авторизован',
    loginError: 'Ошибка авторизации',
    waiting: 'Подождите, идет авторизация...',
    telegramUserNotFound: 'Telegram user not found. You may need to register this user first.',
    logoutInTelegram: 'Недоступно в Telegram',
    tooManyRequests: 'Слишком много попыток входа. Подождите немного и попробуйте снова.',
  },
  station: {
    loadFailed: 'Ошибка загрузки станции. Попробуйте обновить страницу.',
    listLoadFailed: 'Ошибка загрузки станций. Попробуйте обновить страницу',
    usersLoadFailed: 'Ошибка загрузки пользователей. Попробуйте позже',
    noneFound: 'Станции не найдены',
    noAccess: 'Нет доступа к станции',
    unavailable: 'Станция недоступна',
    external: 'Внешняя станция',
    notSelected: 'Станция не выбрана',
    /** S2 §8, quoted exactly: under «Станция не выбрана», above the station picker. */
    pickPrompt: 'Не выбрана станция. Пожалуйста, выберите станцию.',
    locationRequired: 'Необходимо указать местоположение на карте',
    saveFailed: 'Ошибка при сохранении объекта',
    added: 'Объект успешно добавлен',
    settingsUpdated: 'Настройки успешно обновлены',
    settingsUpdateFailed: 'Ошибка при обновлении настроек',
    connected: 'Вы успешно подключились к сети станций',
    connectFailed: 'Ошибка при подключении к сети станций',
  },
  profile: {
    updated: 'Профиль успешно обновлен',
    updateFailed: 'Произошла ошибка при обновлении профиля',
    fillTitle: 'Заполните профиль',
    fillText: 'Пожалуйста, заполните обязательные поля',
  },
  generic: {
    /**
     * The spec's generic titles, quoted; no notification uses them (issue 38: every toast said the same).
     * A notification's title says what happened («Заказ успешно создан», «Не удалось создать заказ»).
     */
    successTitle: 'Всё идёт по плану!',
    errorTitle: 'Что-то пошло не так(',
    errorText: 'Пожалуйста, попробуйте ещё раз.',
    network: 'Ошибка сети. Проверьте подключение к интернету.',
    timeout: 'Превышено время ожидания. Попробуйте ещё раз.',
    forbidden: 'Недостаточно прав для выполнения операции.',
    notFound: 'Запрашиваемые данные не найдены.',
    unexpected: 'Произошла неожиданная ошибка. Мы уже работаем над её устранением.',
    reload: 'Приложение обновилось или повреждено. Перезагрузите страницу.',
    invalidInput: 'Проверьте правильность заполнения полей',
    updateFailed: 'Ошибка при обновлении данных',
    tooManyRequests: 'Слишком много запросов. Подождите немного и попробуйте снова.',
    overloaded: 'Сервер перегружен, повторите через несколько секунд',
    notReady: 'Сервер временно недоступен: база данных не отвечает',
    shuttingDown: 'Сервер перезапускается, повторите через несколько секунд',
    errorScreenTitle: 'Произошла ошибка',
    online: 'Подключение восстановлено',
    offline: 'Нет подключения. Проверьте соединение с интернетом',
    updateAvailable: 'Доступно обновление приложения',
    linkCopied: 'Ссылка скопирована',
    notSpecified: 'Не указано',
    nameNotSpecified: 'Имя не указано',
  },
  notFoundPage: {
    title: 'Страница не найдена',
    subtitle: 'Кажется Вы попали не туда...',
  },
} as const;
