// Account Settings, the owner's part: the team (invite, change a role, remove) and open invitations.
// The two lists are plain <ul> rows, as the sessions beside them: antd's List is deprecated, and its successor
// Listy is a virtual list of <div>s, which a screen reader does not announce as a list.
import { useId, useState } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import type { AssignableRole, Role } from '../../api/contract/team';
import { serverErrorMessage } from '../../api/errorMessage';
import { formatLongDate } from '../../lib/format';
import { useCancelInvitationMutation, useChangeRoleMutation, useGetTeamQuery, useInviteMutation, useRemovePersonMutation } from './teamApi';
import { INVITE_TEXT } from './inviteTexts';
import { ACCOUNT_TEXT } from './texts';

const ASSIGNABLE: AssignableRole[] = ['manager', 'staff'];

export function TeamSection({ vendorId }: { vendorId: string }) {
  const { message, modal } = App.useApp();
  const roleOptions = ASSIGNABLE.map((role) => ({ value: role, label: ACCOUNT_TEXT.roleName(role) }));
  const { data } = useGetTeamQuery(vendorId);
  const [invite, { isLoading: inviting }] = useInviteMutation();
  const [changeRole] = useChangeRoleMutation();
  const [removePerson] = useRemovePersonMutation();
  const [cancelInvitation] = useCancelInvitationMutation();
  const [form] = Form.useForm<{ email: string; role: AssignableRole }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const pendingHeadingId = useId();

  const send = async ({ email, role }: { email: string; role: AssignableRole }) => {
    try {
      const sent = await invite({ vendorId, email, role }).unwrap();
      setSentTo(sent.email);
      // The whole form, role included, goes back to its defaults: a role kept from the last send would let the
      // next invitation go out as Manager unnoticed.
      form.resetFields();
    } catch (error) {
      form.setFields([{ name: 'email', errors: [serverErrorMessage(error, ACCOUNT_TEXT.inviteFailed)] }]);
    }
  };

  const change = async (personId: string, role: Role) => {
    try {
      await changeRole({ vendorId, personId, role }).unwrap();
    } catch (error) {
      void message.error(serverErrorMessage(error, ACCOUNT_TEXT.changeFailed));
    }
  };

  const remove = (personId: string, name: string) => {
    modal.confirm({
      title: ACCOUNT_TEXT.removeConfirm(name),
      okText: ACCOUNT_TEXT.remove,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removePerson({ vendorId, personId }).unwrap();
        } catch (error) {
          void message.error(serverErrorMessage(error, ACCOUNT_TEXT.changeFailed));
        }
      },
    });
  };

  const cancel = async (email: string) => {
    try {
      await cancelInvitation({ vendorId, email }).unwrap();
      void message.success(INVITE_TEXT.cancelled(email));
    } catch (error) {
      void message.error(serverErrorMessage(error, INVITE_TEXT.cancelFailed));
    }
  };

  return (
    <Card title={ACCOUNT_TEXT.team} className="sw-account-card" data-testid="team-section">
      <p>{ACCOUNT_TEXT.teamText}</p>
      <ul className="sw-account-team" aria-label={ACCOUNT_TEXT.team}>
        {(data?.people ?? []).map((person) => (
          <li key={person.id} className="sw-account-team__row">
            <div className="sw-account-team__person">
              <div className="sw-account-team__name">{person.name}</div>
              <div className="sw-account-team__email">{person.email}</div>
            </div>
            {person.role === 'owner' ? (
              <Tag>{ACCOUNT_TEXT.roleName('owner')}</Tag>
            ) : (
              <Space size="small" wrap separator={<span className="sw-account-team__split" aria-hidden="true" />}>
                <Select
                  aria-label={`${ACCOUNT_TEXT.role}: ${person.name}`}
                  value={person.role}
                  options={roleOptions}
                  onChange={(role: Role) => void change(person.id, role)}
                  style={{ width: 130 }}
                />
                <Button danger onClick={() => remove(person.id, person.name)}>
                  {ACCOUNT_TEXT.remove}
                </Button>
              </Space>
            )}
          </li>
        ))}
      </ul>
      {data && data.invitations.length > 0 ? (
        <>
          <div id={pendingHeadingId} className="sw-account-team__header">
            {ACCOUNT_TEXT.pending}
          </div>
          <ul className="sw-account-team" aria-labelledby={pendingHeadingId}>
            {data.invitations.map((invitation) => (
              <li key={invitation.email} className="sw-account-team__row">
                <span>{invitation.email}</span>
                <Tag>{ACCOUNT_TEXT.roleName(invitation.role)}</Tag>
                <span>{INVITE_TEXT.validUntil(formatLongDate(invitation.expiresAt))}</span>
                <Button size="small" onClick={() => void cancel(invitation.email)}>
                  {INVITE_TEXT.cancel}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Form form={form} name="invite" layout="inline" initialValues={{ role: 'staff' }} onFinish={send} requiredMark={false}>
        <Space wrap align="start">
          <Form.Item name="email" label={ACCOUNT_TEXT.inviteEmail} rules={[{ required: true, type: 'email', message: INVITE_TEXT.emailInvalid }]}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="role" label={ACCOUNT_TEXT.inviteRole}>
            <Select options={roleOptions} style={{ width: 130 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={inviting}>
            {ACCOUNT_TEXT.invite}
          </Button>
        </Space>
      </Form>
      {sentTo ? <p role="status">{ACCOUNT_TEXT.invited(sentTo)}</p> : null}
    </Card>
  );
}
