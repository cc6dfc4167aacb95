/**
 * The company step's words: each standard field's label and hint, and each problem said for its field
 * and rule ("Enter the city.", "Too long: the limit is 100 characters."), as the people step does.
 */
import { msg, str } from '@lit/localize';
import type { CompanyKey } from '../../api/kyb.ts';
import type { FieldDef, IssueCode } from './model.ts';

/** Localized label of a standard company field. */
export function companyLabel(key: CompanyKey): string {
  switch (key) {
    case 'companyName':
      return msg('Company name');
    case 'registrationNumber':
      return msg('Registration number');
    case 'country':
      return msg('Country of registration');
    case 'region':
      return msg('Region code');
    case 'type':
      return msg('Company type');
    case 'phone':
      return msg('Phone number');
    case 'website':
      return msg('Website');
    case 'email':
      return msg('Company e-mail');
    case 'brandNames':
      return msg('Brand names');
    case 'activityCode':
      return msg('Activity code');
    case 'tin':
      return msg('Tax identification number');
    case 'operatingAddress':
      return msg('Operating address');
    case 'postalAddress':
      return msg('Postal address');
    case 'postcode':
      return msg('Postcode');
    case 'street':
      return msg('Street and number');
    case 'city':
      return msg('City');
  }
}

export function companyHint(key: CompanyKey): string | null {
  switch (key) {
    case 'phone':
      return msg('International format, starting with + and the country code.');
    case 'brandNames':
      return msg('One name per line, up to 10.');
    case 'region':
      return msg('Up to 2 characters.');
    case 'activityCode':
      return msg('Up to 8 characters.');
    default:
      return null;
  }
}

/** The published limits of the company's text fields (`CompanyInfoRequest` maxLength), for "Too long". */
const MAX: Partial<Record<CompanyKey, number>> = {
  companyName: 200, registrationNumber: 100, region: 2, type: 100, phone: 128, website: 200, email: 254,
  activityCode: 8, tin: 32, operatingAddress: 255, postalAddress: 255, postcode: 20, street: 100, city: 100,
}; // prettier-ignore

/** What to enter when a required field is empty, said for that field (as the people step does). */
function requiredMessage(def: FieldDef): string {
  if (def.kind === 'custom')
    switch (def.type) {
      case 'CHECKBOX':
        return msg('Check this box to continue.', { desc: 'required single checkbox not checked' });
      case 'COUNTRY':
        return msg('Choose a country.');
      case 'COUNTRY_MULTI':
        return msg('Choose at least one country.');
      case 'SELECT':
        return msg('Choose an option.', { desc: 'required single choice question left empty' });
      case 'SELECT_MULTI':
        return msg('Choose at least one option.', { desc: 'required multiple choice question left empty' });
      case 'DATE':
        return msg('Enter a date.');
      case 'INTEGER':
        return msg('Enter a whole number, for example 12.');
      default:
        return msg('Enter an answer.');
    }
  switch (def.key) {
    case 'companyName':
      return msg('Enter the company name.');
    case 'registrationNumber':
      return msg('Enter the registration number.');
    case 'country':
      return msg('Choose the country where the company is registered.');
    case 'region':
      return msg('Enter the region code.');
    case 'type':
      return msg('Enter the company type.');
    case 'phone':
      return msg('Enter the phone number.');
    case 'website':
      return msg('Enter the website address.');
    case 'email':
      return msg('Enter the email address.');
    case 'brandNames':
      return msg('Enter at least one brand name.');
    case 'activityCode':
      return msg('Enter the activity code.');
    case 'tin':
      return msg('Enter the tax identification number.');
    case 'operatingAddress':
      return msg('Enter the operating address.');
    case 'postalAddress':
      return msg('Enter the postal address.');
    case 'postcode':
      return msg('Enter the postcode.');
    case 'street':
      return msg('Enter the street and number.');
    case 'city':
      return msg('Enter the city.');
  }
}

/**
 * A field's problem in words for that field and rule ("Enter the city.", "Too long: the limit is 100
 * characters."); without `def`, the rule's general message.
 */
export function issueMessage(code: IssueCode, def?: FieldDef): string {
  if (code === 'required' && def) return requiredMessage(def);
  const max = def?.kind === 'standard' ? MAX[def.key] : def?.type === 'TEXT' ? 100 : undefined;
  if (code === 'too-long' && max !== undefined)
    return msg(str`Too long: the limit is ${max} characters.`, { desc: 'text longer than the limit' });
  switch (code) {
    case 'required':
      return msg('This field is required.');
    case 'too-long':
      return msg('This value is too long.');
    case 'too-many':
      return msg('Enter at most 10 names.');
    case 'phone':
      return msg('Enter the number in international format, for example +4420794600.');
    case 'url':
      return msg('Enter a web address starting with https://.');
    case 'email':
      return msg('Enter a valid e-mail address, for example name@example.com.');
    case 'country':
      return msg('Choose a country from the list.');
    case 'choice':
      return msg('Choose an option from the list.');
    case 'change':
      return msg('This value must be changed.');
    case 'integer':
      return msg('Enter a whole number, for example 12.');
    case 'date':
      return msg('Enter a valid date.');
    case 'invalid':
      return msg('This value is not valid.');
  }
}
