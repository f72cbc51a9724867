import type { FormInstance } from 'antd';

/**
 * Puts whole values into a form. `setFieldsValue` merges nested objects, so a day missing from the new
 * hours would survive from the old ones; `setFields` replaces each field's value outright.
 */
export function replaceFields<T extends object>(form: FormInstance<T>, values: Partial<T>) {
  form.setFields(Object.entries(values).map(([name, value]) => ({ name: name as never, value, errors: [] })));
}
