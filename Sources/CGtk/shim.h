/*
 * The only place in the Swift code that knows GLib, GObject and GTK use C macros:
 * this header and the parts it includes.
 *
 * Swift cannot import macros (G_CALLBACK, GTK_WINDOW, G_OBJECT_TYPE_NAME ...) or
 * call a function through a pointer of another type. Each such operation is
 * wrapped here once, as a small static inline function with real C types, so
 * the Swift side never reinterprets a pointer itself. Casts go through GLib's
 * checked cast macros: a wrong cast logs a critical (fatal under
 * G_DEBUG=fatal-criticals) instead of silently corrupting memory.
 */
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <adwaita.h>
#include <libintl.h>
#include <locale.h>
#include <glib-unix.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/eventfd.h>

/* By concern; each part relies on the ones before it. */
#include "casts.h"
#include "signals.h"
#include "lists.h"
#include "menus.h"
#include "dragdrop.h"
#include "dialogs.h"
#include "windows.h"
#include "accessibility.h"
#include "application.h"
#include "dispatch.h"
#include "tasks.h"
#include "style.h"
#include "textcursor.h"
#include "transfers.h"
#include "diagnostics.h"

#endif
