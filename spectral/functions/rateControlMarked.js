// An operation whose description says it is rate controlled carries `x-rate-controlled: true`,
// and an operation carrying the mark says so in its description, so tools and readers agree.
export default function rateControlMarked(operation) {
  if (operation === null || typeof operation !== 'object') return [];
  const says = /rate controlled/i.test(operation.description ?? '');
  const marked = operation['x-rate-controlled'] === true;
  if (says && !marked)
    return [{ message: 'The description says "rate controlled" but `x-rate-controlled: true` is missing.' }];
  if (marked && !says)
    return [{ message: '`x-rate-controlled: true` is set but the description does not say "rate controlled".' }];
  return [];
}
