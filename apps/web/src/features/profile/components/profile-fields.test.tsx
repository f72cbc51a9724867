import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { emailSchema, profileMessages } from '@crm/shared';
import { renderPage } from '../../stations/testing/render';
import { ProfileFields, toProfileShape } from './profile-fields';

/** The fields in a form of their own, as the profile page and the staff window hold them. */
function FieldsForm() {
  return (
    <Form
      layout="vertical"
      initialValues={toProfileShape({
        name: 'Ирина',
        surname: 'Волкова',
        email: '',
        countryCode: '7',
        areaCode: '916',
        phoneNumber: '1234567',
      })}
    >
      <ProfileFields />
      <Button htmlType="submit">Проверить</Button>
    </Form>
  );
}

describe('ProfileFields', () => {
  afterEach(cleanup);

  // The server's rule (emailSchema) decides: the page and the staff window once disagreed on these.
  it.each(['ivan@mail', 'ivan@@mail.ru', 'ivan@mail.ru', ' Ivan.Petrov@mail.ru '])(
    'takes or refuses «%s» exactly as the shared e-mail schema does',
    async (email) => {
      renderPage(<FieldsForm />);
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
      fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
      if (emailSchema.safeParse(email).success) {
        await new Promise((r) => setTimeout(r, 50));
        expect(screen.queryByText(profileMessages.emailInvalid)).not.toBeInTheDocument();
      } else {
        await waitFor(() => expect(screen.getByText(profileMessages.emailInvalid)).toBeInTheDocument());
      }
    },
  );
});
