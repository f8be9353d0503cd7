/*
 * Which OpenGL GTK would draw with, and asking GTK for its Cairo renderer
 * instead. The CGtk.Rendering submodule, apart from shim.h: it brings in
 * OpenGL's thousands of names (through libepoxy, which GTK itself uses), and
 * only GtkKit's WindowRenderer needs them.
 */
#ifndef CGTK_RENDERING_H
#define CGTK_RENDERING_H

#include <gtk/gtk.h>
#include <epoxy/gl.h>

/* The name of the OpenGL implementation GTK would use on `display` (such as
 * "llvmpipe (LLVM 15.0.6, 256 bits)"), newly allocated (g_free it), or NULL
 * if GTK cannot draw with OpenGL there. Asked through a context of its own,
 * which draws nothing and is gone on return, leaving no context current. */
static inline char *cgtk_display_opengl_renderer(GdkDisplay *display) {
    GError *error = NULL;
    GdkGLContext *context = gdk_display_create_gl_context(display, &error);
    if (context == NULL) {
        g_clear_error(&error);
        return NULL;
    }
    char *name = NULL;
    if (gdk_gl_context_realize(context, &error)) {
        gdk_gl_context_make_current(context);
        const GLubyte *renderer = glGetString(GL_RENDERER);
        name = renderer != NULL ? g_strdup((const char *)renderer) : NULL;
        /* No context is current after: GTK makes its own current before each use. */
        gdk_gl_context_clear_current();
    }
    g_clear_error(&error);
    g_object_unref(context);
    return name;
}

/* Has GTK draw the windows of `display` realized from now on with the
 * renderer called `name` ("cairo"), or (NULL) as it would choose. GTK asks
 * the display's "gsk-renderer" before GSK_RENDERER and its own preference
 * (GTK 4.8's library has it, and GTK's current sources read it the same way). */
static inline void cgtk_display_set_renderer(GdkDisplay *display, const char *name) {
    g_object_set_data_full(G_OBJECT(display), "gsk-renderer", g_strdup(name), g_free);
}

#endif
