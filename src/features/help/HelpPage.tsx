// Help and resources: the three questions as an accordion and the 'Additional Resources' list,
// whose entries open the User Guide, the FAQ and the illustrated walkthrough.
import type { ReactNode } from 'react';
import { BookOutlined, PlayCircleOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { Col, Collapse, Row } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { HELP_TEXT, ROUTES } from '../../constants';
import { PageHeading } from '../../components/PageHeading';
import { SectionCard } from '../../components/SectionCard';
import { VendorPage } from '../../components/VendorPage';
import './help.css';

type ResourceKey = (typeof HELP_TEXT.resources)[number]['key'];

const RESOURCE_ICON: Record<ResourceKey, ReactNode> = {
  guide: <BookOutlined />,
  faq: <QuestionCircleOutlined />,
  videos: <PlayCircleOutlined />,
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
      <PageHeading title={HELP_TEXT.heading} subtitle={HELP_TEXT.subtitle} />
      <Row gutter={[24, 24]} className="sw-row">
        <Col xs={24} lg={15}>
          <SectionCard title={HELP_TEXT.faqTitle} icon={<QuestionCircleOutlined />}>
            <Collapse
              className="sw-faq"
              bordered={false}
              expandIconPlacement="end"
              items={HELP_TEXT.faqs.map((faq) => ({
                key: faq.key,
                label: <span className="sw-faq-question">{faq.question}</span>,
                children: (
                  <>
                    <p className="sw-faq-answer">{faq.answer}</p>
                    {'note' in faq ? <p className="sw-faq-answer sw-faq-note">{faq.note}</p> : null}
                  </>
                ),
              }))}
            />
          </SectionCard>
        </Col>
        <Col xs={24} lg={9}>
          <SectionCard title={HELP_TEXT.resourcesTitle} icon={<ReadOutlined />}>
            <ul className="sw-resources">
              {HELP_TEXT.resources.map((resource) => (
                <li key={resource.key} className="sw-resource">
                  <span className="sw-resource-icon" aria-hidden>
                    {RESOURCE_ICON[resource.key]}
                  </span>
                  <span className="sw-resource-text">
                    <Link to={RESOURCE_PATH[resource.key](userId)} className="sw-resource-link">
                      {resource.title}
                    </Link>
                    <span className="sw-resource-description">{resource.description}</span>
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
