import type { FieldProps } from "@rjsf/utils";
import {
  ACCEPTED_TYPES,
  asUploadRef,
  formatFileSize,
  maxFiles,
  type UploadRef,
} from "../../../domain/uploads";
import { describedBy, localeOf, visibleErrors } from "../context";
import { ACTION_FIELD, fieldId, pointerOf } from "../field-names";
import { formsText } from "../strings";

/** What the file picker offers: the types by extension and by media type (phones read the latter). */
const ACCEPT = [".pdf", ".jpg", ".jpeg", ".png", ...Object.keys(ACCEPTED_TYPES)].join(",");

/**
 * A documents field (`x-upload`): the files already uploaded, each with a Remove button, and a
 * file input for more. It works as a plain form without JavaScript: the form is posted as
 * multipart, each uploaded file is sent back by its id (hidden inputs, read like a repeated
 * group's items), and Remove is a submit button the server reads, as a repeated group's is. With
 * JavaScript, Remove only changes the form. The label, hint and error come from FieldTemplate
 * (the field is an "input": the label names the file input).
 */
export function UploadField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, schema, rawErrors, hideError } = props;
  const locale = localeOf(registry);
  const id = fieldPathId.$id;
  const files = (Array.isArray(formData) ? formData : [])
    .map(asUploadRef)
    .filter((ref): ref is UploadRef => ref !== undefined);
  const limit = maxFiles(schema);
  const hasError = visibleErrors(rawErrors, hideError).length > 0;
  const pointer = pointerOf(fieldPathId.path);
  const remove = (index: number) =>
    onChange(
      files.filter((_, i) => i !== index),
      fieldPathId.path,
    );

  return (
    <div className="cp-upload">
      <input type="hidden" name={`${id}__count`} value={files.length} />
      {files.length > 0 && (
        <ul className="cp-upload__files" aria-label={formsText(locale, "uploadedFiles")}>
          {files.map((file, index) => (
            <li key={file.id} className="cp-upload__file">
              <input type="hidden" name={fieldId([...fieldPathId.path, index, "id"])} value={file.id} />
              <span className="cp-upload__name">{file.name}</span>{" "}
              <span className="cp-upload__size">({formatFileSize(file.size, locale)})</span>{" "}
              <button
                type="submit"
                className="usa-button usa-button--unstyled cp-upload__remove"
                name={ACTION_FIELD}
                value={`remove:${pointer}/${index}`}
                onClick={(event) => {
                  event.preventDefault();
                  remove(index);
                }}
              >
                {formsText(locale, "remove")}
                <span className="usa-sr-only"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length < limit ? (
        <input
          className="cp-upload__input"
          type="file"
          id={id}
          name={id}
          accept={ACCEPT}
          multiple={limit - files.length > 1}
          aria-describedby={describedBy(id, true, hasError)}
        />
      ) : (
        <p className="usa-hint" id={id}>
          {formsText(locale, "uploadLimitReached", { limit: String(limit) })}
        </p>
      )}
    </div>
  );
}
