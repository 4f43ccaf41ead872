// What a form's schema refusal says to a person: the field by its label and the rule it broke, in the request's
// language. The raw validator words ("name must NOT have more than 200 characters") read like code and are English.
import { text, type ServerMessageId } from './texts';

/** The form fields a person types into (registration, invitation, account): the catalogue names each of them. */
const FORM_FIELDS = new Set(['name', 'business', 'email', 'address', 'openingHours', 'website', 'password']);

export interface ValidationProblem {
  keyword: string;
  /** The field as the error handler names it: the property, or a dotted path for nested ones. */
  field: string;
  params: Record<string, unknown>;
}

/** The sentence for the first problem of a form field in `locale`, or null when the field is not one a person fills in. */
export function formFieldRefusal(locale: string, problem: ValidationProblem): string | null {
  // A property the body may not carry is named as such: "The name is not valid." sent the client to fix a value it
  // had every right to, when the field itself is the mistake (a customer profile takes displayName, not name).
  if (problem.keyword === 'additionalProperties') return text(locale, 'formRefusals.unknownField', { field: problem.field });
  if (!FORM_FIELDS.has(problem.field)) return null;
  const limit = problem.params.limit;
  if (problem.keyword === 'maxLength' && typeof limit === 'number') return text(locale, 'formRefusals.tooLong', { field: problem.field, limit });
  const missing = problem.keyword === 'required' || problem.keyword === 'minLength';
  // The same words as the service's own check of a name of spaces: the schema sees it first once trimmed.
  if (missing && problem.field === 'name') return text(locale, 'formRefusals.nameRequired');
  const id: ServerMessageId = missing ? 'formRefusals.missing' : 'formRefusals.invalid';
  return text(locale, id, { field: problem.field });
}
