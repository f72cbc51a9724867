/** @jsxImportSource preact */
import { useEffect } from 'preact/hooks';
import { onlineBookingMessages as m } from '@crm/shared';
import { bookPath } from './book-route';
import { bookTexts } from './book-texts';
import { ErrorState, PhoneLink, Skeleton } from './book-ui';
import { useStationCard } from './use-station-card';

/** `/book/{code}/privacy`: what the driver agrees to (152-ФЗ), with the operator from the station's details. */
export function PrivacyPage({ code }: { code: string }) {
  const { card, error, load } = useStationCard(code);
  useEffect(() => {
    document.title = bookTexts.privacyTitle;
  }, []);

  if (error)
    return (
      <ErrorState
        message={error.status === 404 ? m.notFound : error.message}
        onRetry={error.status === 404 ? undefined : load}
      />
    );
  if (!card) return <Skeleton />;
  const operator = card.operator;
  return (
    <article class="bk-card bk-privacy">
      <h1 class="bk-privacy__title">{bookTexts.privacyTitle}</h1>
      <p>
        Записываясь на мойку «{card.name}» через эту страницу, вы даёте согласие на обработку своих
        персональных данных в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных
        данных».
      </p>
      <h2>Оператор</h2>
      {operator ? (
        <p>
          {operator.name}, ИНН {operator.inn}, адрес: {operator.address}.
        </p>
      ) : (
        <p>
          Владелец мойки «{card.name}», {card.address}
          {card.phone ? (
            <>
              , <PhoneLink phone={card.phone} />
            </>
          ) : null}
          .
        </p>
      )}
      <h2>Какие данные</h2>
      <p>Имя, номер телефона, марка, модель и тип кузова автомобиля.</p>
      <h2>Зачем</h2>
      <p>
        Чтобы записать вас на мойку в выбранное время и связаться с вами по поводу этой записи: подтвердить,
        перенести или отменить её.
      </p>
      <h2>Что с ними делают</h2>
      <p>
        Сбор, запись, хранение, уточнение, использование и удаление — с помощью средств автоматизации. Данные
        не передаются третьим лицам, кроме случаев, предусмотренных законом.
      </p>
      <h2>Сколько хранятся</h2>
      <p>
        Пока вы пользуетесь услугами мойки, и не дольше трёх лет после последнего визита, либо до отзыва
        согласия.
      </p>
      <h2>Как отозвать согласие</h2>
      <p>
        В любой момент: откройте ссылку на свою запись и нажмите «{bookTexts.forget}» — мойка получит запрос и
        удалит ваше имя и телефон. Или обратитесь к оператору по адресу выше
        {card.phone ? (
          <>
            {' '}
            или по телефону <PhoneLink phone={card.phone} />
          </>
        ) : null}
        .
      </p>
      <p>
        <a class="bk-link" href={bookPath(card.code)}>
          {bookTexts.back}
        </a>
      </p>
    </article>
  );
}
