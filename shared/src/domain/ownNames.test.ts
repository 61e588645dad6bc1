import { categoryLabel } from './catalogue';
import { fieldErrorsOf } from './quote';

describe('names looked up as own properties only', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('categoryLabel(%s) is a label, not a prototype member', (name) => {
    expect(typeof categoryLabel(name)).toBe('string');
  });
  it('keeps a field error whose path is a prototype name', () => {
    expect(fieldErrorsOf({ inner: [{ path: 'constructor', message: 'Not valid.' }] })).toEqual({ constructor: 'Not valid.' });
  });
});
