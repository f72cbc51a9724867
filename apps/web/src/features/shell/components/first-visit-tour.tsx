import { useEffect, useState } from 'react';
import { Tour, type TourProps } from 'antd';
import { useCrmData, useUpdateCrmData } from '../../users/api/crm-data';

/** S1 §1: the tour opens 1.5 s after the CRM data loads when hasSeenTutorial is false. */
const OPEN_AFTER_MS = 1500;

export interface TourTargets {
  menu: () => HTMLElement | null;
  /** Absent on phones, where the bottom bar's «Ещё» takes its place. */
  collapse: () => HTMLElement | null;
  more: () => HTMLElement | null;
  settings: () => HTMLElement | null;
  profile: () => HTMLElement | null;
}

interface FirstVisitTourProps {
  targets: TourTargets;
  mobile: boolean;
  /** Held back while the welcome greeting covers the screen. */
  ready: boolean;
}

/** antd's typing wants an element, but a step whose target is missing is simply centred on screen. */
const at = (get: () => HTMLElement | null) => get as () => HTMLElement;

/** The 4-step first-visit tour: menu, collapse button, station settings, profile. */
export function FirstVisitTour({ targets, mobile, ready }: FirstVisitTourProps) {
  const crmData = useCrmData();
  const update = useUpdateCrmData();
  const [open, setOpen] = useState(false);
  const due = ready && crmData.isSuccess && crmData.data.hasSeenTutorial !== true;

  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(() => setOpen(true), OPEN_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [due]);

  const close = () => {
    setOpen(false);
    update.mutate({ hasSeenTutorial: true });
  };

  const steps: TourProps['steps'] = [
    {
      title: 'Меню',
      description: mobile
        ? 'Внизу экрана — главные разделы: главная, расписание, новая запись и заказы.'
        : 'Здесь все разделы: главная со списком станций, расписание, новая запись, заказы, сводка, настройки станции и ваш профиль.',
      target: at(targets.menu),
    },
    mobile
      ? {
          title: 'Ещё',
          description: 'Тема оформления, цвет акцента, поддержка и выход — в разделе «Ещё».',
          target: at(targets.more),
        }
      : {
          title: 'Свернуть меню',
          description: 'Нужно больше места для расписания? Сверните меню — мы запомним выбор.',
          target: at(targets.collapse),
        },
    {
      title: 'Настройки станции',
      description: mobile
        ? 'Название, адрес, количество боксов и график работы станции — в разделе «Ещё».'
        : 'Название, адрес, количество боксов и график работы выбранной станции.',
      // On phones settings live in the «Ещё» sheet (the bar holds «Заказы»).
      target: at(mobile ? targets.more : targets.settings),
    },
    {
      title: 'Профиль',
      description: mobile
        ? 'Ваши имя, телефон и e-mail — в разделе «Ещё». По ним вас узнают коллеги и поддержка.'
        : 'Ваши имя, телефон и e-mail. По ним вас узнают коллеги и поддержка.',
      target: at(targets.profile),
    },
  ];

  return <Tour open={open} steps={steps} onClose={close} onFinish={close} />;
}
