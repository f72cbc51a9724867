import { Card, Col, Form, Grid, Row, Segmented } from 'antd';
import { legalTypeLabels, legalTypes, type LegalType } from '@crm/shared';
import { bankFields, bankSectionTitle, partyFields, partySectionTitle } from '../lib/legal-form';
import { LegalFieldItem } from './legal-field-item';
import './legal.css';

/** What the БИК lookup found, under the БИК field. */
export type BikNote = { type: 'success' | 'warning'; text: string } | null;

const typeOptions = legalTypes.map((type) => ({ value: type, label: legalTypeLabels[type] }));

/**
 * The revealed part of the form (S2 §3): the type switch, the organisation's or the sole trader's fields
 * and the bank block; two columns from a tablet up, one on a phone.
 */
export function LegalSections({
  type,
  bikNote = null,
  bikChecking = false,
}: {
  type: LegalType;
  bikNote?: BikNote;
  bikChecking?: boolean;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <>
      <Card title={<h3 className="legal-section-title">{partySectionTitle[type]}</h3>}>
        <Form.Item name="type" label="Форма регистрации">
          {/* «Индивидуальный предприниматель» does not fit beside the other on a 390 px phone. */}
          <Segmented<LegalType>
            aria-label="Форма регистрации"
            options={typeOptions}
            block
            vertical={!screens.sm}
          />
        </Form.Item>
        <Row gutter={16}>
          {partyFields[type].map((spec) => (
            <Col key={spec.path} xs={24} md={spec.wide ? 24 : 12}>
              <LegalFieldItem spec={spec} type={type} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card title={<h3 className="legal-section-title">{bankSectionTitle}</h3>}>
        <Row gutter={16}>
          {bankFields.map((spec) => (
            <Col key={spec.path} xs={24} md={spec.wide ? 24 : 12}>
              <LegalFieldItem
                spec={spec}
                type={type}
                extra={
                  spec.path !== 'bankAccount.bik' ? undefined : bikChecking ? (
                    <span role="status">Ищем банк по БИК…</span>
                  ) : bikNote ? (
                    <span role="status" className={`legal-bik-note legal-bik-note--${bikNote.type}`}>
                      {bikNote.text}
                    </span>
                  ) : undefined
                }
              />
            </Col>
          ))}
        </Row>
      </Card>
    </>
  );
}
