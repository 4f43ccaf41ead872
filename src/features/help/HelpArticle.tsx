// The frame of a help page: a way back to Help & Resources, the heading, then the page's sections.
import type { ReactNode } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { ROUTES } from '../../constants';
import { PageHeading } from '../../components/PageHeading';
import { VendorPage } from '../../components/VendorPage';
import { helpPagesText, type HelpSection } from './helpContent';
import './help.css';

export function HelpArticle({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { userId = '' } = useParams();
  return (
    <VendorPage className="sw-help-article">
      <Link className="sw-help-back" to={ROUTES.help(userId)}>
        <ArrowLeftOutlined aria-hidden /> {helpPagesText().backToHelp}
      </Link>
      <PageHeading title={title} subtitle={subtitle} />
      {children}
    </VendorPage>
  );
}

export function HelpSections({ sections }: { sections: readonly HelpSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} id={section.id} className="sw-help-section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </>
  );
}
