// Help and resources: the three questions as an accordion and the 'Additional Resources' list.
import type { MouseEvent, ReactNode } from 'react';
import { BookOutlined, PlayCircleOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { Col, Collapse, Row, Tag } from 'antd';
import { HELP_TEXT } from '../../constants';
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

/** The resources are not written yet (placeholder links); following one must not leave the page. */
const stayOnPage = (event: MouseEvent<HTMLAnchorElement>) => event.preventDefault();

export default function HelpPage() {
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
                children: <p className="sw-faq-answer">{faq.answer}</p>,
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
                    {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- the resources are placeholder links until their pages exist; clicking one stays on this page */}
                    <a href="#" onClick={stayOnPage} aria-label={HELP_TEXT.resourceLabel(resource.title)} className="sw-resource-link">
                      {resource.title}
                    </a>
                    <span className="sw-resource-description">{resource.description}</span>
                  </span>
                  <Tag className="sw-soon-tag">{HELP_TEXT.comingSoon}</Tag>
                </li>
              ))}
            </ul>
          </SectionCard>
        </Col>
      </Row>
    </VendorPage>
  );
}
