import type { i18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { DEFAULT_LOCALE } from "../../domain/localize";
import { fixedT, i18nFor } from "../../i18n";

/**
 * The pages' `useTranslation`: the instance from react-i18next's provider (which `Trans` reads
 * too) and a `t` for the namespace, made once (src/i18n `fixedT`).
 *
 * Why not react-i18next's own hook: on the server every render is a component's first, and that
 * hook copies the i18next instance's property descriptors, spreads its options and makes a new
 * fixed `t` for every component of every page — about 6 % of a workflow screen's processor time
 * (docs/adr/0009-speed.md). What it buys is re-rendering when the language or the strings
 * change, which never happens here: an instance never changes language (switching reloads the
 * page) and a page's strings are loaded before it renders (src/app/i18n).
 */
export function useTranslation(ns = "common"): { t: TFunction; i18n: i18n } {
  const instance = useContext(I18nContext)?.i18n ?? i18nFor(DEFAULT_LOCALE);
  return { t: fixedT(instance, ns), i18n: instance };
}
