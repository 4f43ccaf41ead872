// Account Settings' profile: the person's name (saved here) and e-mail (changed through a link mailed to the
// new address; the old one signs in until it is opened), and their role.
import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Space } from 'antd';
import type { MeResponse } from '../../api/contract/team';
import { httpStatusOf } from '../../api/errorMessage';
import { useChangeNameMutation, useRequestEmailChangeMutation } from './accountApi';
import { ACCOUNT_SETTINGS_TEXT } from './accountTexts';
import { ACCOUNT_TEXT } from './texts';

function emailChangeProblem(error: unknown): string {
  switch (httpStatusOf(error)) {
    case 409:
      return ACCOUNT_SETTINGS_TEXT.emailTaken;
    case 429:
      return ACCOUNT_SETTINGS_TEXT.emailThrottled;
    default:
      return ACCOUNT_SETTINGS_TEXT.emailFailed;
  }
}

export function ProfileCard({ me }: { me: MeResponse | undefined }) {
  const { message } = App.useApp();
  const [nameForm] = Form.useForm<{ name: string }>();
  const [emailForm] = Form.useForm<{ email: string }>();
  const [changeName, naming] = useChangeNameMutation();
  const [requestEmailChange, asking] = useRequestEmailChangeMutation();
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  const saveName = async ({ name }: { name: string }) => {
    try {
      await changeName(name).unwrap();
      void message.success(ACCOUNT_SETTINGS_TEXT.nameSaved);
    } catch {
      nameForm.setFields([{ name: 'name', errors: [ACCOUNT_SETTINGS_TEXT.nameFailed] }]);
    }
  };

  const askEmailChange = async ({ email }: { email: string }) => {
    try {
      const sent = await requestEmailChange(email).unwrap();
      setLinkSentTo(sent.email);
      emailForm.resetFields();
    } catch (error) {
      setLinkSentTo(null);
      emailForm.setFields([{ name: 'email', errors: [emailChangeProblem(error)] }]);
    }
  };

  return (
    <Card title={ACCOUNT_TEXT.profile} className="sw-account-card" data-testid="account-profile">
      {/* Mounted once the person has loaded, so the field starts from their saved name. */}
      {me ? (
        <Form form={nameForm} name="account-name" layout="vertical" requiredMark={false} onFinish={saveName} initialValues={{ name: me.name }} style={{ maxWidth: 360 }}>
          <Form.Item name="name" label={ACCOUNT_TEXT.name} rules={[{ required: true, whitespace: true, message: ACCOUNT_SETTINGS_TEXT.nameRequired }]}>
            <Input autoComplete="name" maxLength={200} />
          </Form.Item>
          <Button htmlType="submit" loading={naming.isLoading}>
            {ACCOUNT_SETTINGS_TEXT.saveName}
          </Button>
        </Form>
      ) : null}
      <Descriptions column={1} style={{ marginBlockStart: 16, marginBlockEnd: 24 }}>
        <Descriptions.Item label={ACCOUNT_TEXT.email}>{me?.email ?? ''}</Descriptions.Item>
        <Descriptions.Item label={ACCOUNT_TEXT.role}>{me ? ACCOUNT_TEXT.roleName(me.role) : ''}</Descriptions.Item>
      </Descriptions>
      <Form form={emailForm} name="account-email" layout="vertical" requiredMark={false} onFinish={askEmailChange} style={{ maxWidth: 360 }}>
        <Form.Item name="email" label={ACCOUNT_SETTINGS_TEXT.newEmail} rules={[{ required: true, type: 'email', message: ACCOUNT_SETTINGS_TEXT.emailFailed }]}>
          <Input type="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <Space orientation="vertical">
          <Button htmlType="submit" loading={asking.isLoading}>
            {ACCOUNT_SETTINGS_TEXT.sendEmailLink}
          </Button>
          {linkSentTo ? <p role="status">{ACCOUNT_SETTINGS_TEXT.emailLinkSent(linkSentTo, me?.email ?? '')}</p> : null}
        </Space>
      </Form>
      {/* The person's language setting joins the profile here once accounts keep one. */}
    </Card>
  );
}
