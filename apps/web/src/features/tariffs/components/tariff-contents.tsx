import type { ReactNode } from 'react';
import type { TariffConfig } from '@crm/shared';
import { classRows, extraRows, includedNames } from '../lib/tariff-view';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import { ClassPriceTable } from './class-price-table';
import { ExtraServices } from './extra-services';

type Layout = 'card' | 'page';

/** A card's sections sit under the card's h2; the tariff page's are the page's own h2 sections. */
function Section({
  layout,
  id,
  title,
  children,
}: {
  layout: Layout;
  id: string;
  title: string;
  children: ReactNode;
}) {
  if (layout === 'card')
    return (
      <section className="tariff-card__section" aria-label={title}>
        <h3 className="tariff-card__label">{title}</h3>
        {children}
      </section>
    );
  return (
    <section className="tariff-detail__section" aria-labelledby={id}>
      <h2 id={id} className="tariff-detail__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What a tariff sells (S2 §3): its description, the included services as chips, the price and time per
 * category, and the additional services, on a tariff card of the list and on the tariff's page.
 */
export function TariffContents({
  config,
  name,
  layout,
}: {
  config: TariffConfig;
  name: string;
  layout: Layout;
}) {
  const included = includedNames(config);
  return (
    <>
      {config.price.description && <p className="tariff-card__description">{config.price.description}</p>}
      <Section layout={layout} id="tariff-included" title={t.included}>
        {included.length ? (
          <ul className="tariff-chips">
            {included.map((service) => (
              <li key={service} className="tariff-chip">
                {service}
              </li>
            ))}
          </ul>
        ) : (
          <p className="tariff-card__muted">{t.noIncluded}</p>
        )}
      </Section>
      <Section layout={layout} id="tariff-prices" title={t.pricesCaption}>
        <ClassPriceTable rows={classRows(config)} tariffName={name} />
      </Section>
      <Section layout={layout} id="tariff-extras" title={t.extras}>
        <ExtraServices rows={extraRows(config)} tariffName={name} />
      </Section>
    </>
  );
}
