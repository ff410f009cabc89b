import { useTranslation } from 'react-i18next';
import {
  isJsonValueSchema,
  type JsonSchema,
  type OpenApiDocument,
  resolveRef,
  typeLabel,
} from '../openapi.ts';
import { InlineDocumentText } from './document-text.tsx';

function Code({ children }: { children: string }) {
  return (
    <code
      dir="ltr"
      className="ltr-island rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 [overflow-wrap:anywhere]"
    >
      {children}
    </code>
  );
}

function Constraints({ schema }: { schema: JsonSchema }) {
  const { t } = useTranslation('apiReference');
  const notes: Array<[string, string]> = [];
  if (schema.minimum !== undefined || schema.maximum !== undefined) {
    notes.push([t('schema.range'), `${schema.minimum ?? '…'}..${schema.maximum ?? '…'}`]);
  }
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    notes.push([t('schema.length'), `${schema.minLength ?? 0}..${schema.maxLength ?? '…'}`]);
  }
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    notes.push([t('schema.count'), `${schema.minItems ?? 0}..${schema.maxItems ?? '…'}`]);
  }
  if (schema.pattern) notes.push([t('schema.pattern'), schema.pattern]);
  if (schema.default !== undefined)
    notes.push([t('schema.default'), JSON.stringify(schema.default)]);
  if (!notes.length) return null;
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
      {notes.map(([label, value]) =>
        value.length > 40 ? (
          // A long pattern reads best as its own left-to-right block.
          <span key={label} className="w-full space-y-0.5">
            <span className="block">{label}:</span>
            <code
              dir="ltr"
              className="block rounded bg-slate-100 px-1.5 py-0.5 text-left font-mono text-xs text-slate-800 [overflow-wrap:anywhere]"
            >
              {value}
            </code>
          </span>
        ) : (
          <span key={label}>
            {label}: <Code>{value}</Code>
          </span>
        ),
      )}
    </span>
  );
}

interface SchemaViewProps {
  document: OpenApiDocument;
  schema: JsonSchema;
  /** The schema that owns `$defs` for local references. */
  root?: JsonSchema;
  /** References already being shown above: a repeat is a recursive definition. */
  seen?: string[];
}

/** Nested parts of a schema: properties, array items, alternatives, map values. */
function SchemaChildren({
  document,
  schema,
  root,
  seen = [],
}: Required<Pick<SchemaViewProps, 'document' | 'schema'>> & SchemaViewProps) {
  const { t } = useTranslation('apiReference');
  if (schema.$ref) {
    if (seen.includes(schema.$ref)) {
      return <p className="text-xs text-slate-600">{t('schema.recursive')}</p>;
    }
    const target = resolveRef(document, root, schema.$ref);
    return target ? (
      <SchemaView document={document} schema={target} root={root} seen={[...seen, schema.$ref]} />
    ) : (
      <Code>{schema.$ref}</Code>
    );
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return (
      <div className="space-y-1">
        <p className="text-xs font-semibold text-slate-700">{t('schema.anyOf')}:</p>
        <ul className="space-y-1 border-s-2 border-slate-200 ps-3">
          {alternatives.map((alternative, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: alternatives have no identity but their place
            <li key={index}>
              <SchemaLine document={document} schema={alternative} root={root} seen={seen} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    return (
      <ul className="space-y-2 border-s-2 border-slate-200 ps-3">
        {Object.entries(schema.properties).map(([name, property]) => (
          <li key={name} className="space-y-1">
            <SchemaLine
              document={document}
              schema={property}
              root={root}
              seen={seen}
              name={name}
              isRequired={required.has(name)}
            />
          </li>
        ))}
      </ul>
    );
  }
  if (schema.items && (schema.items.properties || schema.items.anyOf || schema.items.$ref)) {
    return (
      <div className="space-y-1">
        <p className="text-xs font-semibold text-slate-700">{t('schema.items')}:</p>
        <SchemaView document={document} schema={schema.items} root={root} seen={seen} />
      </div>
    );
  }
  if (typeof schema.additionalProperties === 'object') {
    return (
      <div className="space-y-1 border-s-2 border-slate-200 ps-3 text-xs">
        {schema.propertyNames?.pattern ? (
          <p>
            {t('schema.names')}: <Code>{schema.propertyNames.pattern}</Code>
          </p>
        ) : null}
        <p className="font-semibold text-slate-700">{t('schema.values')}:</p>
        <SchemaView
          document={document}
          schema={schema.additionalProperties}
          root={root}
          seen={seen}
        />
      </div>
    );
  }
  return null;
}

function SchemaLine({
  name,
  isRequired,
  ...props
}: SchemaViewProps & { name?: string; isRequired?: boolean }) {
  const { t } = useTranslation('apiReference');
  const { schema, document, root } = props;
  const isJsonValue = isJsonValueSchema(document, root, schema);
  return (
    <div className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        {name ? <Code>{name}</Code> : null}
        {isJsonValue ? (
          <span className="text-xs text-sky-800">{t('schema.json')}</span>
        ) : schema.$ref ? null : (
          <span className="font-mono text-xs text-sky-800" dir="ltr">
            {typeLabel(schema)}
          </span>
        )}
        {name ? (
          <span
            className={isRequired ? 'text-xs font-semibold text-red-700' : 'text-xs text-slate-500'}
          >
            {isRequired ? t('operation.required') : t('operation.optional')}
          </span>
        ) : null}
        <Constraints schema={schema} />
      </p>
      {schema.description ? (
        <p className="text-xs text-slate-600">
          <InlineDocumentText text={schema.description} />
        </p>
      ) : null}
      {isJsonValue ? null : <SchemaChildren {...props} />}
    </div>
  );
}

/** A JSON Schema as a readable tree: names, types, required, limits, nested parts. */
export function SchemaView({ document, schema, root, seen }: SchemaViewProps) {
  return <SchemaLine document={document} schema={schema} root={root ?? schema} seen={seen ?? []} />;
}
