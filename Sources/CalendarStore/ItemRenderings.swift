/// The store's cache of rendered events (see ``EventRenderer``): for each `items` row a
/// query has rendered, the renderer's bytes under its format, with the facts the query needs
/// to place, order and write the row's instances without decoding the event (its UID, its zone,
/// whether it is all-day or cancelled).
///
/// Table (schema version 4, see ``Migrations``): `item_renderings`, one row per item, keyed by
/// `items.id`. Rows of another format count as missing and are replaced. Triggers on `items`
/// delete an item's row whenever the item is updated or deleted, in the same transaction, so a
/// kept rendering always belongs to the item as stored. Rows are added after a query, in a
/// write transaction that first checks (`PRAGMA data_version`) that no other connection wrote
/// since the query read; a read-only or busy file simply keeps none.
enum ItemRenderings {
    static let schemaSQL = """
        CREATE TABLE item_renderings (
            item_id                    INTEGER PRIMARY KEY,  -- items.id
            format                     TEXT NOT NULL,        -- EventRenderer.format
            uid                        TEXT NOT NULL,
            is_all_day                 INTEGER NOT NULL,
            tzid                       TEXT,                 -- TimeZone identifier; NULL floating/all-day
            occurrence_date_is_all_day INTEGER NOT NULL,
            is_canceled                INTEGER NOT NULL,
            bytes                      BLOB NOT NULL
        );
        CREATE TRIGGER items_update_renderings AFTER UPDATE ON items
        BEGIN DELETE FROM item_renderings WHERE item_id = OLD.id; END;
        CREATE TRIGGER items_delete_renderings AFTER DELETE ON items
        BEGIN DELETE FROM item_renderings WHERE item_id = OLD.id; END;
        """

    /// Version 9: ``RenderingPack``s, one per week and format, made by short-window queries. Any
    /// change to a kept rendering empties the table, so a pack never holds a rendering that is
    /// no longer kept: deleting or updating one, or inserting one for an item that has one (an
    /// `INSERT OR REPLACE`, whose replacing fires no delete trigger). A rendering kept for the
    /// first time changes no pack. Also: the occurrence packs' trigger (version 8) does its work
    /// only when there are packs (it ran once per series deleted).
    static let packsSQL = """
        CREATE TABLE rendering_packs (
            week    INTEGER NOT NULL,
            format  TEXT NOT NULL,
            entries BLOB NOT NULL,
            PRIMARY KEY (week, format)
        );
        CREATE TRIGGER item_renderings_insert_packs BEFORE INSERT ON item_renderings
        WHEN EXISTS (SELECT 1 FROM rendering_packs) AND EXISTS (SELECT 1 FROM item_renderings WHERE item_id = NEW.item_id)
        BEGIN DELETE FROM rendering_packs; END;
        CREATE TRIGGER item_renderings_update_packs AFTER UPDATE ON item_renderings
        WHEN EXISTS (SELECT 1 FROM rendering_packs) BEGIN DELETE FROM rendering_packs; END;
        CREATE TRIGGER item_renderings_delete_packs AFTER DELETE ON item_renderings
        WHEN EXISTS (SELECT 1 FROM rendering_packs) BEGIN DELETE FROM rendering_packs; END;
        DROP TRIGGER occurrence_series_delete_packs;
        CREATE TRIGGER occurrence_series_delete_packs AFTER DELETE ON occurrence_series
        WHEN EXISTS (SELECT 1 FROM occurrence_packs) BEGIN DELETE FROM occurrence_packs; END;
        """
}
