import type { ReactNode } from "react";
import "./PageHeader.css";

export interface PageHeaderProps {
  /** Already localized. */
  title: string;
  subtitle?: string | null;
  /** A short label above the title ('Error 404'). */
  eyebrow?: string;
  /**
   * Used as given: the route applies the 700x525 transformation (domain/image headerImageUrl).
   * No altText means the picture is decorative.
   */
  image?: { url?: string | null; altText?: string | null } | null;
  /** Breadcrumbs, shown above the title. */
  breadcrumbs?: ReactNode;
  /** Anything else that belongs in the header (a search box, a call to action). */
  children?: ReactNode;
}

/** The page's title block: the one <h1> of the page. It sits inside the page's container. */
export function PageHeader({ title, subtitle, eyebrow, image, breadcrumbs, children }: PageHeaderProps) {
  const imageUrl = image?.url?.trim();
  return (
    <header className={imageUrl ? "cp-page-header cp-page-header--image" : "cp-page-header"}>
      <div className="cp-page-header__inner">
        <div className="cp-page-header__text">
          {breadcrumbs}
          {eyebrow ? <p className="cp-page-header__eyebrow">{eyebrow}</p> : null}
          <h1 className="cp-page-header__title">{title}</h1>
          {subtitle ? <p className="cp-page-header__subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {imageUrl ? (
          <img
            className="cp-page-header__image"
            src={imageUrl}
            alt={image?.altText?.trim() ?? ""}
            width={700}
            height={525}
            fetchPriority="high"
          />
        ) : null}
      </div>
    </header>
  );
}
