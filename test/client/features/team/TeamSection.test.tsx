// Account Settings' team section, as the owner reads it: one row per person (the owner marked, everyone else with a
// role picker and Remove) and the invitations not accepted yet, each list announced as a list with its name.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TeamSection } from '../../../../src/features/team/TeamSection';
import { formatLongDate } from '../../../../src/lib/format';
import { renderWithApp } from '../../render';
import { enterText } from '../../support/browser';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';

jest.setTimeout(60_000);

const VENDOR = 'vendor-1';
const INVITATION_EXPIRES = Date.UTC(2026, 11, 3, 9);

let http: FakeApi;
beforeEach(() => {
  http = installFakeApi();
  http.on(`GET /api/team/${VENDOR}`, {
    status: 200,
    body: {
      people: [
        { id: VENDOR, name: 'Ana Barista', email: 'ana@example.test', role: 'owner' },
        { id: 'person-2', name: 'Maria', email: 'maria@example.test', role: 'manager' },
        { id: 'person-3', name: 'Tom', email: 'tom@example.test', role: 'staff' },
      ],
      invitations: [{ email: 'lea@example.test', role: 'staff', expiresAt: INVITATION_EXPIRES }],
    },
  });
});
afterEach(() => http.restore());

const open = () => renderWithApp(<TeamSection vendorId={VENDOR} />);

describe('the team section of Account Settings', () => {
  it('lists each person with their e-mail: the owner marked Owner, the others with a role picker and Remove', async () => {
    open();
    const team = await screen.findByRole('list', { name: 'Your team' });
    await waitFor(() => expect(within(team).getAllByRole('listitem')).toHaveLength(3));
    const [owner, manager, staff] = within(team).getAllByRole('listitem');

    expect(owner).toHaveTextContent('Ana Barista');
    expect(owner).toHaveTextContent('ana@example.test');
    expect(within(owner).getByText('Owner')).toBeInTheDocument();
    expect(within(owner).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(owner).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    expect(manager).toHaveTextContent('maria@example.test');
    expect(within(manager).getByRole('combobox', { name: 'Role: Maria' })).toBeInTheDocument();
    expect(within(manager).getByText('Manager')).toBeInTheDocument();
    expect(within(manager).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(staff).getByRole('combobox', { name: 'Role: Tom' })).toBeInTheDocument();
  });

  it('lists the invitations not accepted yet under their own name, with the role and the day the link expires', async () => {
    open();
    const pending = await screen.findByRole('list', { name: 'Invited, not joined yet' });
    const [invitation] = within(pending).getAllByRole('listitem');
    expect(invitation).toHaveTextContent('lea@example.test');
    expect(within(invitation).getByText('Staff')).toBeInTheDocument();
    expect(invitation).toHaveTextContent(`Link works until ${formatLongDate(INVITATION_EXPIRES)}`);
  });

  it('cancels an invitation from its row: the server withdraws it and the list reloads', async () => {
    http.on(`DELETE /api/team/${VENDOR}/invitations/lea%40example.test`, { status: 204, body: null });
    open();
    const pending = await screen.findByRole('list', { name: 'Invited, not joined yet' });
    const [invitation] = within(pending).getAllByRole('listitem');
    await userEvent.setup({ skipHover: true, delay: null }).click(within(invitation).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(http.sent(`DELETE /api/team/${VENDOR}/invitations/lea%40example.test`)).toHaveLength(1));
    expect(await screen.findByText('Invitation to lea@example.test cancelled. Its link no longer works.')).toBeInTheDocument();
  });

  it('says in words, from the catalogue, that a typed invite address is not an e-mail address', async () => {
    open();
    const user = userEvent.setup({ skipHover: true, delay: null });
    await enterText(user, await screen.findByLabelText('E-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.queryByText(/is not a valid email/)).not.toBeInTheDocument();
  });

  it('puts the invite form back to Staff after a send, so the next invitation does not go out as Manager by mistake', async () => {
    http.on(`POST /api/team/${VENDOR}/invitations`, (request) => {
      const { email, role } = JSON.parse(request.body as string) as { email: string; role: string };
      return { status: 201, body: { email, role, expiresAt: INVITATION_EXPIRES } };
    });
    open();
    const user = userEvent.setup({ skipHover: true, delay: null });
    // The form's select is found afresh each time: a reset mounts its fields anew.
    const roleSelect = () => screen.getByLabelText('Role').closest('.ant-select') as HTMLElement;
    await screen.findByLabelText('Role');
    fireEvent.mouseDown(roleSelect());
    await user.click(await screen.findByText('Manager', { selector: '.ant-select-item-option-content' }));
    await enterText(user, screen.getByLabelText('E-mail address'), 'first@example.test');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(http.sent(`POST /api/team/${VENDOR}/invitations`)).toHaveLength(1));
    expect(await screen.findByRole('status')).toHaveTextContent('first@example.test');

    expect(roleSelect()).toHaveTextContent('Staff');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('');
    await enterText(user, screen.getByLabelText('E-mail address'), 'second@example.test');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(http.sent(`POST /api/team/${VENDOR}/invitations`)).toHaveLength(2));
    const [first, second] = http.sent(`POST /api/team/${VENDOR}/invitations`).map((request) => JSON.parse(request.body as string) as unknown);
    expect(first).toEqual({ email: 'first@example.test', role: 'manager' });
    expect(second).toEqual({ email: 'second@example.test', role: 'staff' });
  });

  it("removes a person from their row's Remove button once the owner confirms", async () => {
    http.on(`DELETE /api/team/${VENDOR}/people/person-3`, { status: 200, body: null });
    open();
    const team = await screen.findByRole('list', { name: 'Your team' });
    const tomRow = await within(team).findByText('tom@example.test');
    await userEvent.setup({ skipHover: true, delay: null }).click(within(tomRow.closest('li') as HTMLElement).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup({ skipHover: true, delay: null }).click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(http.sent(`DELETE /api/team/${VENDOR}/people/person-3`)).toHaveLength(1));
  });
});
