// Help and resources: the three questions as an accordion and the 'Additional Resources' list,
// whose entries open the User Guide, the FAQ and the illustrated walkthrough.
import type { ReactNode } from 'react';
import { BookOutlined, PlayCircleOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { Col, Collapse, Row } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { ROUTES } from '../../constants';
import type { MessageId } from '../../i18n/catalogue';
import { t } from '../../i18n/texts';
import { PageHeading } from '../../components/PageHeading';
import { SectionCard } from '../../components/SectionCard';
import { VendorPage } from '../../components/VendorPage';
import './help.css';

interface Faq {
  key: string;
  question: MessageId;
  answer: MessageId;
  /** What is true beside the answer (the "mobile app" is the phone's own camera and browser). */
  note?: MessageId;
}

const FAQS: readonly Faq[] = [
  { key: 'setup', question: 'help.faq.setup.question', answer: 'help.faq.setup.answer' },
  { key: 'earn', question: 'help.faq.earn.question', answer: 'help.faq.earn.answer', note: 'help.faq.earn.note' },
  { key: 'track', question: 'help.faq.track.question', answer: 'help.faq.track.answer' },
];

const RESOURCES = [
  { key: 'guide', title: 'help.resource.guide.title', description: 'help.resource.guide.description' },
  { key: 'faq', title: 'help.resource.faq.title', description: 'help.resource.faq.description' },
  { key: 'videos', title: 'help.resource.videos.title', description: 'help.resource.videos.description' },
] as const satisfies readonly { key: string; title: MessageId; description: MessageId }[];

type ResourceKey = (typeof RESOURCES)[number]['key'];

const RESOURCE_ICON: Record<ResourceKey, ReactNode> = {
  guide: <BookOutlined aria-hidden />,
  faq: <QuestionCircleOutlined aria-hidden />,
  videos: <PlayCircleOutlined aria-hidden />,
};

const RESOURCE_PATH: Record<ResourceKey, (vendorId: string) => string> = {
  guide: ROUTES.helpGuide,
  faq: ROUTES.helpFaq,
  videos: ROUTES.helpTutorial,
};

export default function HelpPage() {
  const { userId = '' } = useParams();
  return (
    <VendorPage>
      <PageHeading title={t('help.heading')} subtitle={t('help.subtitle')} />
      <Row gutter={[24, 24]} className="sw-row">
        <Col xs={24} lg={15}>
          <SectionCard title={t('help.faqTitle')} icon={<QuestionCircleOutlined aria-hidden />}>
            <Collapse
              className="sw-faq"
              bordered={false}
              expandIconPlacement="end"
              items={FAQS.map((faq) => ({
                key: faq.key,
                label: <span className="sw-faq-question">{t(faq.question)}</span>,
                children: (
                  <>
                    <p className="sw-faq-answer">{t(faq.answer)}</p>
                    {faq.note ? <p className="sw-faq-answer sw-faq-note">{t(faq.note)}</p> : null}
                  </>
                ),
              }))}
            />
          </SectionCard>
        </Col>
        <Col xs={24} lg={9}>
          <SectionCard title={t('help.resourcesTitle')} icon={<ReadOutlined aria-hidden />}>
            <ul className="sw-resources">
              {RESOURCES.map((resource) => (
                <li key={resource.key} className="sw-resource">
                  <span className="sw-resource-icon" aria-hidden>
                    {RESOURCE_ICON[resource.key]}
                  </span>
                  <span className="sw-resource-text">
                    <Link to={RESOURCE_PATH[resource.key](userId)} className="sw-resource-link">
                      {t(resource.title)}
                    </Link>
                    <span className="sw-resource-description">{t(resource.description)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </SectionCard>
        </Col>
      </Row>
    </VendorPage>
  );
}
