import { useState, type RefObject } from 'react';
import { Tour, type TourProps } from 'antd';
import type { CrmData } from '@crm/shared';
import { useArrivalTurn } from '../../../../lib/arrival-queue';
import { useCrmData, useUpdateCrmData } from '../../../users/api/crm-data';

// The shell's tour first, then this one: one object, kept while both answers stay the same.
const toursSeen = (data: CrmData) => ({
  shell: data.hasSeenTutorial === true,
  schedule: data.stationScheduleTutorial === true,
});

/**
 * When the schedule tutorial (S2 §4, 5 steps in §9) shows: by itself once, to those who can change the
 * schedule, until `stationScheduleTutorial` is set; «Как это работает?» replays it.
 */
export function useScheduleTour(canManage: boolean) {
  const tours = useCrmData(toursSeen);
  const update = useUpdateCrmData();
  const [dismissed, setDismissed] = useState(false);
  const [replaying, setReplaying] = useState(false);
  // The first-visit tour of the shell comes first: both at once would stack two masks on the screen.
  const due = canManage && !dismissed && tours?.shell === true && !tours.schedule;
  // Its place in the arrival queue: after the blocking new-orders window and the greeting.
  const turn = useArrivalTurn('tour', due);

  return {
    open: canManage && (turn || replaying),
    replay: () => setReplaying(true),
    close: () => {
      setDismissed(true);
      setReplaying(false);
      if (!tours?.schedule) update.mutate({ stationScheduleTutorial: true });
    },
  };
}

interface ScheduleTourProps {
  open: boolean;
  onClose(): void;
  /** The day cards; the steps find their controls inside it. */
  cards: RefObject<HTMLElement | null>;
  save: RefObject<HTMLElement | null>;
}

/** The 5 steps: the cards, a day's switch, the slider, «Круглосуточно», saving. */
export function ScheduleTour({ open, onClose, cards, save }: ScheduleTourProps) {
  // A step whose control is not on screen (no working day, so no slider) points at the cards instead.
  const inCards = (anchor: string) => () =>
    cards.current?.querySelector<HTMLElement>(`[data-tour="${anchor}"]`) ?? cards.current!;
  const steps: TourProps['steps'] = [
    {
      title: 'Дни недели',
      description:
        'Каждая карточка — один день недели: сразу видно, выходной он, круглосуточный или с какими часами.',
      target: () => cards.current!,
    },
    {
      title: 'Рабочий день',
      description:
        'Переключатель делает день рабочим или выходным. Новому рабочему дню ставятся часы 10:00–19:00.',
      target: inCards('day-switch'),
    },
    {
      title: 'Часы работы',
      description:
        'Передвиньте ползунки начала и конца дня. Шаг — 15 минут; стрелки на клавиатуре тоже двигают ползунок.',
      target: inCards('slider'),
    },
    {
      title: 'Круглосуточно',
      description: 'Отметьте, если станция работает весь день: с 00:00 до 23:59.',
      target: inCards('round-the-clock'),
    },
    {
      title: 'Сохранение',
      description:
        'График меняется только после сохранения. Если уйти со страницы, не сохранив, мы переспросим.',
      target: () => save.current ?? cards.current!,
    },
  ];
  return <Tour open={open} steps={steps} onClose={onClose} onFinish={onClose} />;
}
