// The client set-up finds labels and their controls through the document's id index (test/setup/client.ts):
// the answers are still the HTML standard's, which the label and role queries rely on.
afterEach(() => {
  document.body.innerHTML = '';
});

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const labelTexts = (id: string) => [...((byId(id) as HTMLInputElement).labels ?? [])].map((label) => label.textContent);

test('a control has every label that names it, by `for` or by holding it, in document order', () => {
  document.body.innerHTML = `
    <label for="name">Name</label>
    <label>Also the name <input id="inner"></label>
    <input id="name">
    <label for="name">Name again</label>
    <label for="go">Go</label><button id="go">Go</button>`;
  expect(labelTexts('name')).toEqual(['Name', 'Name again']);
  expect(labelTexts('inner')).toEqual(['Also the name ']);
  expect(labelTexts('go')).toEqual(['Go']);
  expect((document.querySelector('label') as HTMLLabelElement).control).toBe(byId('name'));
});

test('a `for` names the first element with that id, and only a form control; an empty `for` names nothing', () => {
  document.body.innerHTML = `
    <label id="to-div" for="twice">Twice</label>
    <div id="twice"></div><input id="twice">
    <label id="empty" for="">Empty <input id="held"></label>
    <label id="hidden-label" for="hidden">Hidden</label><input id="hidden" type="hidden">`;
  expect((byId('to-div') as HTMLLabelElement).control).toBeNull();
  expect((byId('empty') as HTMLLabelElement).control).toBeNull();
  expect(labelTexts('held')).toEqual([]);
  expect((byId('hidden') as HTMLInputElement).labels).toBeNull();
  expect((byId('hidden-label') as HTMLLabelElement).control).toBeNull();
});

test('a label and a control outside the document still find each other inside their own tree', () => {
  const form = document.createElement('form');
  form.innerHTML = '<label for="away">Away</label><input id="away">';
  const input = form.querySelector('input') as HTMLInputElement;
  expect((form.querySelector('label') as HTMLLabelElement).control).toBe(input);
  expect([...(input.labels ?? [])].map((label) => label.textContent)).toEqual(['Away']);
});

test('a control named both by `for` and by a label around it has both, in document order', () => {
  document.body.innerHTML = `
    <label for="both">Before</label>
    <label>Around <input id="both"></label>
    <label for="both">After</label>`;
  expect(labelTexts('both')).toEqual(['Before', 'Around ', 'After']);
});

test('a label added, removed or pointed elsewhere after a query is seen by the next query', () => {
  document.body.innerHTML = '<label for="a">A</label><input id="a"><input id="b">';
  expect(labelTexts('a')).toEqual(['A']);
  const label = document.querySelector('label') as HTMLLabelElement;
  label.htmlFor = 'b';
  expect(labelTexts('a')).toEqual([]);
  expect(labelTexts('b')).toEqual(['A']);
  document.body.insertAdjacentHTML('beforeend', '<label for="a">A again</label>');
  expect(labelTexts('a')).toEqual(['A again']);
  label.remove();
  expect(labelTexts('b')).toEqual([]);
  byId('a').id = 'renamed';
  expect(labelTexts('renamed')).toEqual([]);
});
