"use client";

import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { FIELD_KINDS, type TFieldKind } from "@/lib/contract/forms";
import { newField, type TBuilderValues } from "@/lib/form-builder/builder-form";
import { FieldEditor } from "./field-editor";
import { kindLabel } from "./field-kinds";

type TMessage = (path: string) => string | undefined;

/**
 * The fields of one step, in order. Reordered three ways that all end in the same move:
 * dragging (pointer), the keyboard (Space picks a field up, arrows move it, Space drops,
 * Escape cancels; dnd-kit's KeyboardSensor), and the plain up/down buttons. Screen readers
 * hear every pick-up, move and drop in the page's language.
 */
export function FieldsEditor({ stepIndex, message }: { stepIndex: number; message: TMessage }) {
  const t = useTranslations("formBuilder");
  const tAll = useTranslations();
  const { control, getValues } = useFormContext<TBuilderValues>();
  const name = `definition.steps.${stepIndex}.fields` as const;
  const fields = useFieldArray({ control, name });
  const [kind, setKind] = useState<TFieldKind>("short_text");
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Each field's live label, so the announcements name what is moved.
  const values = useWatch({ control, name }) ?? [];
  const count = fields.fields.length;
  const indexOf = (id: UniqueIdentifier) => fields.fields.findIndex((f) => f.id === id);
  const nameOf = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    const field = values[index];
    return field?.label?.nl?.trim() || t("builder.untitled", { position: index + 1 });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t("dnd.picked", { field: nameOf(active.id), position: indexOf(active.id) + 1, count }),
    onDragOver: ({ active, over }) =>
      over
        ? t("dnd.over", { field: nameOf(active.id), position: indexOf(over.id) + 1, count })
        : t("dnd.outside", { field: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("dnd.dropped", { field: nameOf(active.id), position: indexOf(over.id) + 1, count })
        : t("dnd.cancelled", { field: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("dnd.cancelled", { field: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    fields.move(indexOf(active.id), indexOf(over.id));
  };

  return (
    <div className="flex flex-col gap-4">
      {count === 0 ? <p className="text-neutral-700">{t("builder.noFields")}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t("dnd.instructions") },
        }}
      >
        <SortableContext
          items={fields.fields.map((f) => f.id)}
          strategy={verticalListSortingStrategy}
        >
          <ol
            className="flex flex-col gap-4"
            aria-label={t("builder.fieldsOfStep", { step: stepIndex + 1 })}
          >
            {fields.fields.map((item, index) => (
              <SortableField
                key={item.id}
                sortId={item.id}
                index={index}
                label={nameOf(item.id)}
                kindName={kindLabel(tAll, values[index]?.kind ?? item.kind)}
                first={index === 0}
                last={index === count - 1}
                onUp={() => fields.move(index, index - 1)}
                onDown={() => fields.move(index, index + 1)}
                onRemove={() => fields.remove(index)}
              >
                <FieldEditor stepIndex={stepIndex} fieldIndex={index} message={message} />
              </SortableField>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t("builder.newFieldKind")}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as TFieldKind)}
          options={FIELD_KINDS.map((value) => ({ value, label: kindLabel(tAll, value) }))}
        />
        <Button
          variant="outline"
          onClick={() =>
            fields.append(newField(kind, getValues("definition.steps")), {
              focusName: `${name}.${count}.label.nl`,
            })
          }
        >
          {t("builder.addField")}
          <span className="sr-only"> {t("builder.toStep", { step: stepIndex + 1 })}</span>
        </Button>
      </div>
    </div>
  );
}

function SortableField({
  sortId,
  index,
  label,
  kindName,
  first,
  last,
  onUp,
  onDown,
  onRemove,
  children,
}: {
  sortId: string;
  index: number;
  label: string;
  kindName: string;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  const t = useTranslations("formBuilder");
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: sortId });
  return (
    <li
      ref={setNodeRef}
      data-field-index={index}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-col gap-4 rounded-shape border-2 bg-white p-4 ${
        isDragging ? "relative z-10 border-neutral-800 shadow-lg" : "border-neutral-300"
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t("builder.drag", { field: label })}
          className="inline-flex min-h-11 min-w-11 cursor-grab items-center justify-center rounded-shape border-2 border-neutral-500 bg-white text-neutral-900"
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <p className="grow font-semibold text-neutral-900">
          {index + 1}. {label} <span className="font-normal text-neutral-700">({kindName})</span>
        </p>
        <Button
          size="sm"
          variant="outline"
          aria-disabled={first || undefined}
          onClick={() => !first && onUp()}
        >
          {t("builder.up")}
          <span className="sr-only"> {label}</span>
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-disabled={last || undefined}
          onClick={() => !last && onDown()}
        >
          {t("builder.down")}
          <span className="sr-only"> {label}</span>
        </Button>
        <Button size="sm" variant="outline" onClick={onRemove}>
          {t("builder.removeField")}
          <span className="sr-only"> {label}</span>
        </Button>
      </div>
      {children}
    </li>
  );
}
