import { Col, Row } from 'antd';
import type { OrderFormMode, OrderFormState } from '../lib/use-order-form';
import { BrandModelFields, CategoryField, PlateField } from './car-fields';
import { PaymentMethodField, TotalField } from './cost-fields';

// Field groups the new and edit order modals lay out the same way; each modal keeps its own arrangement
// around them (S1 §2: the new order is two columns, the edit form is titled sections).

/** Brand and model, half a row each (columns: place inside a `Row`). */
export function CarModelCols({ mode, state }: { mode: OrderFormMode; state: OrderFormState }) {
  return (
    <BrandModelFields
      mode={mode}
      collection={state.collection}
      popular={state.popular}
      loading={state.carsLoading}
      wrap={(node) => <Col xs={12}>{node}</Col>}
    />
  );
}

/** Wash category and plate (columns: place inside a `Row`). */
export function CategoryPlateCols() {
  return (
    <>
      <Col xs={24} sm={12}>
        <CategoryField />
      </Col>
      <Col xs={24} sm={12}>
        <PlateField />
      </Col>
    </>
  );
}

/** The total (price preview or a manual sum) beside the payment method. */
export function TotalPaymentRow({ state }: { state: OrderFormState }) {
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <TotalField
          manual={state.totalManual}
          price={state.price}
          discount={state.discount}
          onReset={state.resetTotal}
        />
      </Col>
      <Col xs={24} sm={12}>
        <PaymentMethodField />
      </Col>
    </Row>
  );
}
