import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ColumnDef as CatalogueColumn, COLUMNS, orderColumns } from "@pacer/core/columns";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { GripIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";
import { useSaveColumnOrder } from "../api/preferences";

/** The first two columns keep their place (spec trackers.md section 2, Column Ordering). */
const FIXED = 2;

function SortableColumn({ column }: { column: CatalogueColumn }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: column.id });
  return (
    <li
      ref={setNodeRef}
      className="ordering-item"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: "relative",
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? "var(--shadow)" : undefined,
      }}
      data-column-id={column.id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="drag-handle"
        aria-label={`Move ${column.name}`}
        {...attributes}
        {...listeners}
      >
        <GripIcon />
      </button>
      <span>{column.name}</span>
    </li>
  );
}

/**
 * Column Ordering (spec trackers.md section 2; pods-budgets... 2.9): title 'Column Ordering', hint
 * 'Drag and drop to reorder columns', a drag-and-drop list 600 px high (pointer or keyboard: Space
 * to lift, arrows to move, Space to drop), 'SAVE CHANGES'. The account's columnsOrder sets the
 * order; the first two columns keep their place and unlisted columns are appended (engine:
 * orderColumns).
 */
export function ColumnOrderingModal({
  columnsOrder,
  onClose,
}: {
  columnsOrder: readonly string[] | undefined;
  onClose: () => void;
}) {
  const [ordered, setOrdered] = useState<CatalogueColumn[]>(() => orderColumns(COLUMNS, columnsOrder ?? []));
  const save = useSaveColumnOrder();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const fixed = ordered.slice(0, FIXED);
  const movable = ordered.slice(FIXED);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrdered((list) => {
      const head = list.slice(0, FIXED);
      const rest = list.slice(FIXED);
      const from = rest.findIndex((c) => c.id === active.id);
      const to = rest.findIndex((c) => c.id === over.id);
      return from < 0 || to < 0 ? list : [...head, ...arrayMove(rest, from, to)];
    });
  };

  const onSave = () => {
    save.mutate(
      ordered.map((c) => c.id),
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Column Ordering"
      description="Drag and drop to reorder columns"
      size="md"
      footer={
        <Button variant="primary" onClick={onSave} isLoading={save.isPending}>
          SAVE CHANGES
        </Button>
      }
    >
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <ul className="column-list ordering-list" aria-label="Columns in order">
          {fixed.map((c) => (
            <li key={c.id} className="ordering-item ordering-item-fixed" data-column-id={c.id}>
              <span className="drag-handle" aria-hidden="true" style={{ cursor: "default", opacity: 0.3 }}>
                <GripIcon />
              </span>
              <span>{c.name}</span>
            </li>
          ))}
          <SortableContext items={movable.map((c) => c.id)} strategy={verticalListSortingStrategy}>
            {movable.map((c) => (
              <SortableColumn key={c.id} column={c} />
            ))}
          </SortableContext>
        </ul>
      </DndContext>
    </Modal>
  );
}
